import type Stripe from 'stripe';
import type { ProviderRefund, RefundProvider, RefundRequest, RefundStatus } from './refund-provider';
import { dayBounds, type SettlementLine, type SettlementSource } from './settlement-source';

/** Stripe's five refund states on our three: `requires_action` still waits; `canceled` returned nothing. */
export function stripeRefundStatus(refund: Stripe.Refund): RefundStatus {
  switch (refund.status) {
    case 'succeeded':
      return 'succeeded';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return 'pending';
  }
}

const answer = (refund: Stripe.Refund): ProviderRefund => ({ refundId: refund.id, status: stripeRefundStatus(refund) });

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/**
 * Stripe refused the request itself (`charge_already_refunded`, `amount_too_large`, a payment method
 * that takes no refunds): nothing was made, and asking again would be refused again.
 */
function isRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'StripeInvalidRequestError';
}

/**
 * Refunds through Stripe (docs/decisions/123) of a PaymentIntent we recorded as the payment's
 * provider id, OXXO and SPEI cash and cards alike. The refund is created with our idempotency key
 * (also kept in its metadata); once Stripe has named it, following it up retrieves it by that id.
 * Stripe forgets idempotency keys after a day, so a refund whose first answer was lost is looked
 * for among the intent's refunds by that metadata before it is asked for again.
 */
export class StripeRefunds implements RefundProvider {
  constructor(
    readonly name: string,
    private readonly stripe: Stripe,
  ) {}

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    if (request.providerRefundId) return answer(await this.stripe.refunds.retrieve(request.providerRefundId));
    const made = await this.stripe.refunds.list({ payment_intent: request.providerPaymentId, limit: 100 });
    const found = made.data.find((refund) => refund.metadata?.idempotencyKey === request.idempotencyKey);
    if (found) return answer(found);
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: request.providerPaymentId, amount: request.amountMinor, metadata: { idempotencyKey: request.idempotencyKey } },
        { idempotencyKey: request.idempotencyKey },
      );
      return answer(refund);
    } catch (error) {
      // Stripe refused outright (nothing left to return): no money moved, so the credit goes back.
      if (isRefusal(error)) return { refundId: `refused-${request.idempotencyKey}`, status: 'failed' };
      throw error;
    }
  }
}

/** Which of the account's payments a source reports: the cash rails (OXXO, SPEI) or the cards. */
export type StripeMethods = 'cash' | 'card';

const CASH_METHODS = new Set(['oxxo', 'customer_balance']);

function chargeMethod(charge: Stripe.Charge | undefined): StripeMethods | undefined {
  const type = charge?.payment_method_details?.type;
  if (!type) return undefined;
  return CASH_METHODS.has(type) ? 'cash' : 'card';
}

function expanded<T extends { object: string }>(source: Stripe.BalanceTransaction['source'], object: string): T | undefined {
  return typeof source === 'object' && source !== null && source.object === object ? (source as unknown as T) : undefined;
}

/** One balance transaction as a settlement line of `methods`' payments, or undefined when it is not one. */
async function lineOf(stripe: Stripe, tx: Stripe.BalanceTransaction, methods: StripeMethods, accountFees: boolean): Promise<SettlementLine | undefined> {
  const currency = tx.currency.toUpperCase();
  if (tx.type === 'charge' || tx.type === 'payment') {
    const charge = expanded<Stripe.Charge>(tx.source, 'charge');
    if (chargeMethod(charge) !== methods) return undefined;
    // Our ledger knows a Stripe payment by its PaymentIntent (docs/decisions/115, 117).
    const providerTxId = idOf(charge?.payment_intent) ?? idOf(tx.source) ?? tx.id;
    return { providerTxId, kind: 'payment', amountMinor: tx.amount, currency, feeMinor: tx.fee };
  }
  if (tx.type === 'refund' || tx.type === 'payment_refund') {
    const refund = expanded<Stripe.Refund>(tx.source, 'refund');
    // A refund that failed came back (a `refund_failure` line, skipped too): our books reversed it, nothing was paid out.
    if (refund?.status === 'failed' || refund?.status === 'canceled') return undefined;
    // A refund names its charge; refunds are few, so the charge is read to tell its rail.
    const chargeId = idOf(refund?.charge);
    const charge = chargeId ? await stripe.charges.retrieve(chargeId) : undefined;
    if (chargeMethod(charge) !== methods) return undefined;
    const reference = idOf(refund?.payment_intent);
    return { providerTxId: refund?.id ?? idOf(tx.source) ?? tx.id, kind: 'refund', amountMinor: Math.abs(tx.amount), currency, feeMinor: tx.fee, ...(reference ? { reference } : {}) };
  }
  if (tx.type === 'stripe_fee' && accountFees) return { providerTxId: tx.id, kind: 'fee', amountMinor: Math.abs(tx.amount), currency, feeMinor: 0 };
  // Payouts, transfers and adjustments move the account's balance, not a borrower's payment.
  return undefined;
}

/**
 * Stripe's settlement for a day: the account's balance transactions created in it, the charges and
 * refunds of `methods`' payments (the source expanded to tell OXXO and SPEI from cards by the
 * charge's payment method, and to name the PaymentIntent), with Stripe's fee on each; the account's own fees (`stripe_fee`) only when
 * `accountFees`, so an account carrying cash and cards counts them once.
 */
export function stripeSettlement(name: string, stripe: Stripe, methods: StripeMethods, accountFees: boolean): SettlementSource {
  return {
    name,
    async settlementLines(day) {
      const { from, to } = dayBounds(day);
      const lines: SettlementLine[] = [];
      const listed = stripe.balanceTransactions.list({
        created: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) },
        limit: 100,
        expand: ['data.source'],
      });
      for await (const tx of listed) {
        const line = await lineOf(stripe, tx, methods, accountFees);
        if (line) lines.push(line);
      }
      return lines;
    },
  };
}
