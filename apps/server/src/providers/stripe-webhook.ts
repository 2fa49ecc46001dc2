import { WEBHOOK_TOLERANCE_SECONDS, WebhookError } from '@lend/contracts';
import Stripe from 'stripe';

export type StripeEventVerdict =
  | { event: Stripe.Event }
  | { refused: typeof WebhookError.BadSignature | typeof WebhookError.StaleTimestamp | typeof WebhookError.InvalidEvent };

/**
 * A delivery Stripe signed, checked by Stripe's own library over the raw body, for every Stripe
 * endpoint of ours (docs/decisions/213): the `Stripe-Signature` with the endpoint's secret, then a
 * signed time within `WEBHOOK_TOLERANCE_SECONDS` of `now` either way, then the body read as JSON.
 * The library takes its tolerance in seconds and the time of receipt in milliseconds (as
 * `Date.now()` counts them).
 */
export function verifyStripeEvent(stripe: Stripe, rawBody: string, header: string | undefined, secret: string, now: Date): StripeEventVerdict {
  if (!header) return { refused: WebhookError.BadSignature };
  try {
    const event = stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
    // The library looks only at age; a time ahead of our clock by more than the same tolerance is as wrong (073).
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
    if (signedAt * 1000 > now.getTime() + WEBHOOK_TOLERANCE_SECONDS * 1000) return { refused: WebhookError.StaleTimestamp };
    return { event };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return { refused: WebhookError.InvalidEvent };
    return { refused: /tolerance/i.test(error.message) ? WebhookError.StaleTimestamp : WebhookError.BadSignature };
  }
}
