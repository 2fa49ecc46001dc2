import { ERROR_HTTP_STATUS, ErrorCode, errorMessage, type ErrorCodeValue } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { refusalOf } from '../../plugins/error-handler';

/**
 * A repayment that exists but did not end in a payment (declined, no funds, still being confirmed,
 * provider unreachable): its code, with the repayment in `data` so the screen can follow it.
 */
export class CardOutcome extends AppError {
  override name = 'CardOutcome';
  constructor(
    code: Exclude<ErrorCodeValue, typeof ErrorCode.Ok>,
    readonly data: unknown,
  ) {
    super(code);
  }
}

/**
 * The card calls answer `{code, message, data}` with the code as a string, '00' for success, as the
 * card screens read them (docs/decisions/080), so their scope has its own error handler: the same
 * refusals as every borrower call, the code as a string and the message in the borrower's language.
 */
export function useCardErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((thrown: Error, request, reply) => {
    const refusal = refusalOf(thrown) ?? { code: ErrorCode.Internal };
    if (refusal.code === ErrorCode.Internal) request.log.error({ err: thrown }, 'card request failed');
    return reply.code(ERROR_HTTP_STATUS[refusal.code]).send({
      code: String(refusal.code),
      message: errorMessage(refusal.code, request.language, refusal.field),
      data: thrown instanceof CardOutcome ? thrown.data : null,
    });
  });
}
