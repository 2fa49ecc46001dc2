import type { CashReconcileResult } from '@lend/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import { razorpayAccountPayingFor } from '../../providers/payments/razorpay-accounts';
import { RazorpayCashPayments, type RazorpayCapture } from '../../providers/payments/razorpay-cash-payments';
import { partlyFunded, StripeCashPayments } from '../../providers/payments/stripe-cash-payments';
import { orderOutline } from '../orders';
import { parkRefusedPayment, referencesWithPayments, WebhookRefusal } from '../payments';
import { referencesToReconcile, releaseReference, type ReferenceToReconcile } from '../repayment';
import type { ProviderDeliveryOutcome } from './provider-delivery';
import { receiveRazorpayEvent } from './razorpay-webhook-service';
import { receiveStripeIntent, takeCashBalanceFor, takeTransferLeftover } from './stripe-webhook-service';
import { recordRun, type Actor } from '../staff';

/** References asked of their provider in one pass at most; the longest unasked go first. */
export const CASH_RECONCILE_BATCH = 100;

/**
 * How long after its deadline a reference is still asked about: Stripe confirms an OXXO payment
 * made on the voucher's last day up to a business day later, and a transfer may be credited late.
 */
export const CASH_RECONCILE_LOOK_BACK_MS = 3 * 86_400_000;

export type CashReconcileDeps = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Each market's cash provider; only the real rails among them are asked. */
  rails: CashPaymentProviders;
  /** A reference asked less than this long ago is not asked again (the job's interval). */
  recheckAfterMs: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** What the cash reconciler's job and its operator route run with. */
    cashReconcile: CashReconcileDeps;
  }
}

/** A payment the provider holds, as a parked exception names it when a rule refuses it. */
type Found = { id: string; reference: string; channel: string; amountMinor: number; currency: string; paidAt: string };

type Tally = Omit<CashReconcileResult, 'checked' | 'failed'>;

/** The real rails configured now, by the name their references and payments are recorded under. */
function realRails(rails: CashPaymentProviders): { stripe?: StripeCashPayments; razorpay?: RazorpayCashPayments } {
  const found: { stripe?: StripeCashPayments; razorpay?: RazorpayCashPayments } = {};
  for (const rail of Object.values(rails)) {
    if (rail instanceof StripeCashPayments) found.stripe = rail;
    if (rail instanceof RazorpayCashPayments) found.razorpay = rail;
  }
  return found;
}

/**
 * One found payment through the webhook's own path; a refusal is kept for an operator, since no
 * provider is there to hear it (docs/decisions/128).
 */
async function applyFound(deps: CashReconcileDeps, provider: string, found: Found, tally: Tally, receive: () => Promise<ProviderDeliveryOutcome>): Promise<void> {
  try {
    const outcome = await receive();
    // A cash payment's delivery is applied or ignored; only refund events answer with refunds.
    if (!('applied' in outcome)) return;
    if (outcome.applied.replay) tally.replayed += 1;
    else {
      tally.applied += 1;
      deps.log.info({ paymentId: outcome.applied.payment.id, provider }, 'cash payment found by the reconciler applied');
    }
  } catch (error) {
    if (!(error instanceof WebhookRefusal)) throw error;
    await parkRefusedPayment(deps.db, { provider, eventId: found.id, event: found, refusal: error.code, receivedAt: deps.now() });
    tally.parked += 1;
    deps.log.warn({ provider, channel: found.channel, refused: error.code }, 'cash payment found by the reconciler refused');
  }
}

/**
 * An OXXO voucher's or SPEI transfer's PaymentIntent, asked of Stripe; a succeeded one is applied as
 * its event would be. For SPEI, what transfers of another amount left (a partly funded intent's
 * money, an overpayment's excess in the customer's cash balance) is taken and applied as their
 * events would (docs/decisions/225).
 */
async function reconcileStripe(deps: CashReconcileDeps, stripe: StripeCashPayments, taken: ReferenceToReconcile, tally: Tally): Promise<void> {
  const intentId = taken.reference.providerPaymentId;
  if (!intentId) return;
  const held = await stripe.intentState(intentId);
  const now = deps.now();
  const found = (id: string, amountMinor: number, paidAt: Date) => ({ id, reference: taken.reference.reference, channel: taken.channel.code, amountMinor, currency: held.intent.currency, paidAt: paidAt.toISOString() });
  if (held.paid) {
    // Stripe gives no time of success when neither a charge nor a balance application says it: the time we learned it.
    const paidAt = held.paidAt ?? now;
    await applyFound(deps, stripe.issuer, found(held.intent.id, held.intent.amount_received, paidAt), tally, () => receiveStripeIntent(deps.db, stripe.issuer, held.intent, paidAt, now));
    await applyFound(deps, stripe.issuer, found(held.intent.id, 0, now), tally, async () => (await takeCashBalanceFor(deps.db, stripe, held.intent, now)) ?? { ignored: true });
  } else if (partlyFunded(held.intent) > 0) {
    const amountMinor = partlyFunded(held.intent);
    await applyFound(deps, stripe.issuer, found(held.intent.id, amountMinor, now), tally, async () => (await takeTransferLeftover(deps.db, stripe, held.intent, now)) ?? { ignored: true });
  }
}

/**
 * A UPI QR code's payments, or the transfers into the Smart Collect account that pays the reference
 * now, asked of Razorpay; each captured one becomes the credit event Razorpay would have sent.
 */
async function reconcileRazorpay(deps: CashReconcileDeps, razorpay: RazorpayCashPayments, taken: ReferenceToReconcile, tally: Tally): Promise<void> {
  const { reference, channel } = taken;
  const qrCode = reference.providerPaymentId;
  let credited: (payment: RazorpayCapture) => Promise<ProviderDeliveryOutcome>;
  let captures: RazorpayCapture[];
  if (qrCode) {
    const { orderNo } = await orderOutline(deps.db, reference.orderId);
    captures = await razorpay.capturedPayments({ qrCode });
    credited = (payment) =>
      receiveRazorpayEvent(deps.db, razorpay.issuer, { event: 'qr_code.credited', payload: { payment: { entity: payment }, qr_code: { entity: { id: qrCode, notes: { orderNo } } } } }, deps.now());
  } else {
    // A transfer pays the reference the account was last pointed at; an older one of the account takes none.
    const account = await razorpayAccountPayingFor(deps.db, channel.code, reference.reference);
    if (!account) return;
    const from = reference.createdAt.getTime();
    const until = reference.expiresAt.getTime();
    // Razorpay's times are whole seconds: a transfer in the second the reference was issued is included (and judged).
    captures = (await razorpay.capturedPayments({ account: account.virtualAccountId })).filter((payment) => payment.created_at * 1000 >= from - 999 && payment.created_at * 1000 < until);
    credited = (payment) =>
      receiveRazorpayEvent(deps.db, razorpay.issuer, { event: 'virtual_account.credited', payload: { payment: { entity: payment }, virtual_account: { entity: { id: account.virtualAccountId } } } }, deps.now());
  }
  for (const payment of captures) {
    const found = { id: payment.id, reference: reference.reference, channel: channel.code, amountMinor: payment.amount, currency: payment.currency, paidAt: new Date(payment.created_at * 1000).toISOString() };
    await applyFound(deps, razorpay.issuer, found, tally, () => credited(payment));
  }
}

/**
 * One pass of the cash reconciler (docs/decisions/128): the references a real provider issued that
 * are still open (no payment against them, not past their deadline by more than the look-back),
 * at most `CASH_RECONCILE_BATCH`, each asked of its provider for payments whose report never
 * reached us. Each one found goes through the webhook's own checks and apply path, under the
 * provider's payment id, the key the webhook uses too: whichever comes first applies it, the other
 * is a replay. A reference the provider cannot answer for is left as it was, logged, and asked first
 * in the next pass.
 */
export async function reconcileCashPayments(deps: CashReconcileDeps): Promise<CashReconcileResult> {
  const rails = realRails(deps.rails);
  const issuers = [rails.stripe?.issuer, rails.razorpay?.issuer].filter((name): name is 'stripe' | 'razorpay' => name !== undefined);
  const now = deps.now();
  const taken = await referencesToReconcile(deps.db, {
    issuers,
    expiredAfter: new Date(now.getTime() - CASH_RECONCILE_LOOK_BACK_MS),
    checkedBefore: new Date(now.getTime() - deps.recheckAfterMs),
    limit: CASH_RECONCILE_BATCH,
    now,
  });
  const paid = await referencesWithPayments(deps.db, taken.map((one) => one.reference.id));
  const result: CashReconcileResult = { checked: 0, applied: 0, replayed: 0, parked: 0, failed: 0 };
  for (const one of taken) {
    if (paid.has(one.reference.id)) continue;
    result.checked += 1;
    try {
      if (one.reference.issuedBy === rails.stripe?.issuer && rails.stripe) await reconcileStripe(deps, rails.stripe, one, result);
      else if (one.reference.issuedBy === rails.razorpay?.issuer && rails.razorpay) await reconcileRazorpay(deps, rails.razorpay, one, result);
    } catch (error) {
      result.failed += 1;
      await releaseReference(deps.db, one);
      // Only the kind of failure: a provider's message may quote the payment's id, which stays out of the log.
      const status = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
      deps.log.warn({ referenceId: one.reference.id, issuer: one.reference.issuedBy, status, failure: error instanceof Error ? error.name : typeof error }, 'cash reconciler could not ask the provider; asked again next pass');
    }
  }
  if (result.checked > 0) deps.log.info(result, 'cash references reconciled');
  return result;
}

/** A pass the operator asks for, recorded with who asked (docs/decisions/162). */
export async function reconcileCashPaymentsAskedBy(deps: CashReconcileDeps, actor: Actor): Promise<CashReconcileResult> {
  await recordRun(deps.db, actor, { action: 'cash.reconcile', objectType: 'run', objectId: 'cash-reconcile' });
  return reconcileCashPayments(deps);
}
