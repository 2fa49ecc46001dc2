import type { ErrorCodeValue } from './error-codes';

/**
 * Options for a schema rule (zod `refine`) whose failure has its own error code: the server's
 * error handler answers with that code and its message in the borrower's language instead of the
 * generic invalid-value one. The issue's own text only names the code, so a schema that a borrower
 * page loads does not carry every area's messages with it.
 */
export function ruleError(code: Exclude<ErrorCodeValue, 0>) {
  return { message: `refused by rule ${code}`, params: { errorCode: code } };
}
