import { WebhookError, type PaymentEvent } from '@lend/contracts';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { referenceOfProviderPayment } from '../repayment';
import { providerPaymentReport, type ProviderDeliveryOutcome } from './provider-delivery';
import { receiveCashPayment, WebhookRefusal } from '../payments';

/** What a Stripe delivery came to: a payment applied (or its replay), or an event that moves no cash-reference money. */
export type StripeDeliveryOutcome = ProviderDeliveryOutcome;

/**
 * The payment report a succeeded PaymentIntent of one of our references makes: the same event the
 * sandbox's webhook carries, so the same checks and the same apply path judge it (docs/decisions/115).
 * The reference comes from our own record of the intent; the order, amount, currency and time
 * from Stripe's event, checked against that record like any provider's claim.
 */
async function paymentReported(db: Db, event: Stripe.Event, intent: Stripe.PaymentIntent): Promise<PaymentEvent | undefined> {
  const issued = await referenceOfProviderPayment(db, intent.id);
  if (!issued) {
    // An intent with our metadata that we never recorded is a report against an unknown reference;
    // any other (a card payment on the same account) is not a cash reference's business.
    if (intent.metadata.channelCode) throw new WebhookRefusal(WebhookError.UnknownReference);
    return undefined;
  }
  return providerPaymentReport({
    id: event.id,
    reference: issued.reference.reference,
    channel: issued.channel.code,
    orderNo: intent.metadata.orderNo ?? '',
    amountMinor: intent.amount_received,
    currency: intent.currency,
    paidAt: new Date(event.created * 1000).toISOString(),
  });
}

/** A verified Stripe event: a succeeded PaymentIntent of a cash reference is applied once, anything else acknowledged. */
export async function receiveStripeEvent(db: Db, provider: string, event: Stripe.Event, now: Date): Promise<StripeDeliveryOutcome> {
  if (event.type !== 'payment_intent.succeeded') return { ignored: true };
  const reported = await paymentReported(db, event, event.data.object);
  if (!reported) return { ignored: true };
  return { applied: await receiveCashPayment(db, provider, reported, now) };
}
