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
 * The reference comes from our own record of the intent; the order, amount and currency from
 * Stripe's intent, checked against that record like any provider's claim. Its id is the intent's,
 * not the delivery's: the webhook and the cash reconciler, which finds the intent without any
 * event, record the one payment under one key (docs/decisions/128).
 */
async function paymentReported(db: Db, intent: Stripe.PaymentIntent, paidAt: Date): Promise<PaymentEvent | undefined> {
  const issued = await referenceOfProviderPayment(db, intent.id);
  if (!issued) {
    // An intent with our metadata that we never recorded is a report against an unknown reference;
    // any other (a card payment on the same account) is not a cash reference's business.
    if (intent.metadata.channelCode) throw new WebhookRefusal(WebhookError.UnknownReference);
    return undefined;
  }
  return providerPaymentReport({
    id: intent.id,
    reference: issued.reference.reference,
    channel: issued.channel.code,
    orderNo: intent.metadata.orderNo ?? '',
    amountMinor: intent.amount_received,
    currency: intent.currency,
    paidAt: paidAt.toISOString(),
  });
}

/**
 * A succeeded PaymentIntent, however we learned of it (Stripe's event, or the reconciler asking
 * Stripe), applied once; `paidAt` is when Stripe says it was paid.
 */
export async function receiveStripeIntent(db: Db, provider: string, intent: Stripe.PaymentIntent, paidAt: Date, now: Date): Promise<StripeDeliveryOutcome> {
  const reported = await paymentReported(db, intent, paidAt);
  if (!reported) return { ignored: true };
  return { applied: await receiveCashPayment(db, provider, reported, now) };
}

/** A verified Stripe event: a succeeded PaymentIntent of a cash reference is applied once, anything else acknowledged. */
export async function receiveStripeEvent(db: Db, provider: string, event: Stripe.Event, now: Date): Promise<StripeDeliveryOutcome> {
  if (event.type !== 'payment_intent.succeeded') return { ignored: true };
  return receiveStripeIntent(db, provider, event.data.object, new Date(event.created * 1000), now);
}
