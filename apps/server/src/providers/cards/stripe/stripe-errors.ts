import Stripe from 'stripe';
import { CardProviderTimeoutError, CardProviderUnavailableError } from '../card-provider';

/** The code stripe-node gives a request it abandoned at its `timeout`. */
const TIMED_OUT = 'ETIMEDOUT';

/**
 * A Stripe failure that is not the card's answer, in the card provider's terms: a request given up
 * at the timeout may have been done (ask again by the key); a connection that failed, a 5xx, a rate
 * limit, a reused key or a refused API key are Stripe not taking the request (docs/decisions/117).
 * Anything else is left as it is.
 */
export function providerFailure(error: unknown): Error | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const detail = error.detail;
    const code = detail instanceof Error && 'code' in detail ? detail.code : undefined;
    if (code === TIMED_OUT) return new CardProviderTimeoutError(`stripe did not answer in time (${error.requestId ?? 'no request id'})`);
    return new CardProviderUnavailableError('stripe could not be reached');
  }
  if (error instanceof Stripe.errors.StripeCardError) return undefined;
  const status = error.statusCode ?? 0;
  return new CardProviderUnavailableError(`stripe refused the request (${status} ${error.type}${error.code ? ` ${error.code}` : ''})`);
}
