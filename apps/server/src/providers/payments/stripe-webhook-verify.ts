import Stripe from 'stripe';

export type StripeEventVerdict = { event: Stripe.Event } | { refused: 'bad-signature' | 'stale' };

/**
 * A Stripe webhook delivery checked by Stripe's own library over the raw body: the signature with
 * the endpoint's secret, then a signed time no older than `toleranceSeconds` before `now`.
 */
export function verifyStripeEvent(stripe: Stripe, rawBody: string, header: string | undefined, secret: string, toleranceSeconds: number, now: Date): StripeEventVerdict {
  if (!header) return { refused: 'bad-signature' };
  try {
    return { event: stripe.webhooks.constructEvent(rawBody, header, secret, toleranceSeconds, undefined, now.getTime()) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError && /tolerance/i.test(error.message)) return { refused: 'stale' };
    return { refused: 'bad-signature' };
  }
}
