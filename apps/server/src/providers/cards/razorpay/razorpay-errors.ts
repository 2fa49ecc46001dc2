import { withinTime } from '../../provider-time';
import { CardProviderTimeoutError, CardProviderUnavailableError } from '../card-provider';

/** The shape the `razorpay` client rejects with for an answer that was an error: the status and Razorpay's error body. */
export type RazorpayRefusal = { statusCode: number; error: { code?: string; description?: string; field?: string } };

export function isRazorpayRefusal(error: unknown): error is RazorpayRefusal {
  return typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number';
}

/**
 * A Razorpay card call given at most `timeoutMs`: the client sets no time-out of its own (docs/decisions/121),
 * so a call still unanswered then is given up as a `CardProviderTimeoutError` (it may still be done at Razorpay).
 */
export function withinCardTime<T>(call: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return withinTime(call, timeoutMs, () => new CardProviderTimeoutError(`razorpay did not answer ${what} within ${timeoutMs} ms`));
}

/**
 * A Razorpay failure in the card provider's terms (docs/decisions/124): a call given up at the
 * time-out stays a timeout; Razorpay's refusals (a 4xx such as a rate limit or a bad key, a 5xx)
 * and a connection that failed (the client then rejects with no answer at all) are Razorpay not
 * taking the request.
 */
export function razorpayFailure(error: unknown): Error {
  if (error instanceof CardProviderTimeoutError || error instanceof CardProviderUnavailableError) return error;
  if (isRazorpayRefusal(error)) return new CardProviderUnavailableError(`razorpay refused the request (${error.statusCode} ${error.error.code ?? 'no code'})`);
  return new CardProviderUnavailableError('razorpay could not be reached');
}
