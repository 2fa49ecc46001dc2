import { ErrorCode, errorMessage, type Language } from '@lend/contracts';

/**
 * A call's success envelope (docs/decisions/002). Screens that show the message pass the call's
 * language for the `Ok` code's text; the others leave it empty.
 */
export function ok<T>(data: T, language?: Language) {
  return { code: ErrorCode.Ok, message: language ? errorMessage(ErrorCode.Ok, language) : '', data };
}
