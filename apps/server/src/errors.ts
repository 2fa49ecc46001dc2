import { ErrorCode, type ErrorCodeValue } from '@lend/contracts';

/** A refusal the borrower should read: a stable code, and the field at fault when there is one. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: Exclude<ErrorCodeValue, typeof ErrorCode.Ok>,
    readonly field?: string,
  ) {
    super(field ? `error ${code} on ${field}` : `error ${code}`);
  }
}

export const notFound = () => new AppError(ErrorCode.NotFound);
