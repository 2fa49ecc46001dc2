import { WebhookError, type PaymentEvent } from '@lend/contracts';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { CASH_BALANCE_OF, partlyFunded, speiIntent, type StripeCashPayments } from '../../providers/payments/stripe-cash-payments';
import { referenceIssuedAs, referenceOfProviderPayment } from '../repayment';
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
  // An intent paid from a customer's cash balance stands for the reference's intent it names (docs/decisions/225).
  const issued = await referenceOfProviderPayment(db, intent.metadata[CASH_BALANCE_OF] ?? intent.id);
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
  return { applied: await receiveCashPayment(db, provider, reported, now, undefined, intent.metadata[CASH_BALANCE_OF] !== undefined) };
}

/** What the customer's cash balance holds, taken into an intent of its own and applied once under its id; undefined when it held nothing. */
export async function takeCashBalanceFor(db: Db, cash: StripeCashPayments, intent: Stripe.PaymentIntent, now: Date): Promise<StripeDeliveryOutcome | undefined> {
  if (!speiIntent(intent)) return undefined;
  const taken = await cash.takeCashBalance(intent);
  return taken ? receiveStripeIntent(db, cash.issuer, taken.intent, taken.paidAt ?? now, now) : undefined;
}

/**
 * What SPEI transfers of another amount left at Stripe for a reference's intent (as Stripe holds it
 * now), taken and applied once (docs/decisions/225): a partly funded intent is closed, so Stripe
 * returns its funds to the customer's cash balance (one paid in full meanwhile is applied as it
 * is), and whatever the balance holds (that, an overpayment's excess, a second transfer to a
 * reference no longer awaiting funding) is taken into an intent of its own and applied as a
 * repayment under that intent's id. Undefined when nothing was left.
 */
export async function takeTransferLeftover(db: Db, cash: StripeCashPayments, intent: Stripe.PaymentIntent, now: Date): Promise<StripeDeliveryOutcome | undefined> {
  if (!speiIntent(intent)) return undefined;
  const current = partlyFunded(intent) > 0 ? await cash.releasePartialFunding(intent) : intent;
  const paid = current.status === 'succeeded' ? await receiveStripeIntent(db, cash.issuer, current, now, now) : undefined;
  return (await takeCashBalanceFor(db, cash, current, now)) ?? paid;
}

/** The reference's intent a transfer's cash balance transaction is about: the intent it names, or the reference the transfer named. */
async function intentOfTransaction(db: Db, cash: StripeCashPayments, transaction: Stripe.CustomerCashBalanceTransaction): Promise<Stripe.PaymentIntent | undefined> {
  const named = transaction.unapplied_from_payment?.payment_intent;
  if (named) return cash.intentNow(typeof named === 'string' ? named : named.id);
  const reference = transaction.type === 'funded' ? transaction.funded?.bank_transfer.reference : null;
  const issued = reference ? await referenceIssuedAs(db, cash.issuer, reference) : undefined;
  if (!issued?.providerPaymentId) return undefined;
  const intent = await cash.intentNow(issued.providerPaymentId);
  // Still awaiting funding, Stripe's automatic reconciliation pays it from the balance itself and says so.
  return intent.status === 'requires_action' ? undefined : intent;
}

/**
 * A verified Stripe event: a succeeded PaymentIntent of a cash reference is applied once, and what
 * its transfer left in the customer's cash balance taken; a partly funded one's money, and a
 * transfer's money left in the cash balance, are taken and applied once (docs/decisions/225);
 * anything else acknowledged.
 */
export async function receiveStripeEvent(db: Db, cash: StripeCashPayments, event: Stripe.Event, now: Date): Promise<StripeDeliveryOutcome> {
  if (event.type === 'payment_intent.succeeded') {
    const outcome = await receiveStripeIntent(db, cash.issuer, event.data.object, new Date(event.created * 1000), now);
    if (!('ignored' in outcome)) await takeCashBalanceFor(db, cash, event.data.object, now);
    return outcome;
  }
  if (event.type === 'payment_intent.partially_funded') {
    if (!(await referenceOfProviderPayment(db, event.data.object.id))) return { ignored: true };
    return (await takeTransferLeftover(db, cash, await cash.intentNow(event.data.object.id), now)) ?? { ignored: true };
  }
  if (event.type === 'customer_cash_balance_transaction.created') {
    const intent = await intentOfTransaction(db, cash, event.data.object);
    return (intent && (await takeTransferLeftover(db, cash, intent, now))) ?? { ignored: true };
  }
  return { ignored: true };
}
