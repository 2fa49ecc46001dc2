import { and, desc, eq, gte, lt, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { payments } from '../../db/schema';
import { referenceProviderPaymentIds } from '../repayment';

/** The name Stripe's cash payments are recorded under (docs/decisions/115, 123). */
const STRIPE_CASH_PROVIDER = 'stripe';

/**
 * A payment as a refund or a settlement sees it: who took the money, under which id, how much.
 * `providerPaymentId` is the provider's own id of the payment: for Stripe's cash, the PaymentIntent
 * behind the reference (payments recorded before docs/decisions/128 carry their webhook event's id);
 * for Razorpay, the `pay_…` its credit event carried (stored with the payment, docs/decisions/127,
 * and since 128 also the id it is recorded under); otherwise the id the payment was reported under.
 */
export type ProviderPayment = { id: number; orderId: number; provider: string; providerEventId: string; providerPaymentId: string; amountMinor: number; paidAt: Date };

const columns = {
  id: payments.id,
  orderId: payments.orderId,
  provider: payments.provider,
  providerEventId: payments.providerEventId,
  providerPaymentId: payments.providerPaymentId,
  referenceId: payments.referenceId,
  amountMinor: payments.amountMinor,
  paidAt: payments.paidAt,
};

type PaymentColumns = { id: number; orderId: number; provider: string; providerEventId: string; providerPaymentId: string | null; referenceId: number | null; amountMinor: number; paidAt: Date };

/**
 * Each payment with the provider's id of it; a Stripe cash payment without one of its own takes its
 * reference's intent, asked of the module that owns the references (one read for all of them).
 */
async function withProviderPaymentIds(db: Queryable, rows: readonly PaymentColumns[]): Promise<ProviderPayment[]> {
  const referenceIds = rows.flatMap((row) => (row.providerPaymentId === null && row.provider === STRIPE_CASH_PROVIDER && row.referenceId !== null ? [row.referenceId] : []));
  const intents = await referenceProviderPaymentIds(db, referenceIds);
  return rows.map(({ referenceId, providerPaymentId, ...row }) => ({
    ...row,
    providerPaymentId:
      providerPaymentId ?? (row.provider === STRIPE_CASH_PROVIDER && referenceId !== null ? intents.get(referenceId) : null) ?? row.providerEventId,
  }));
}

/**
 * The payments a refund of the order's credit can go back through, newest first: those a provider
 * took (a transfer an operator recorded came outside any provider, so none can return it).
 */
export async function providerPaymentsOf(db: Queryable, orderId: number): Promise<ProviderPayment[]> {
  const rows = await db
    .select(columns)
    .from(payments)
    .where(and(eq(payments.orderId, orderId), ne(payments.provider, 'manual')))
    .orderBy(desc(payments.id));
  return withProviderPaymentIds(db, rows);
}

/** A provider's payments paid within [from, to): what its settlement of those days should name. */
export async function providerPaymentsBetween(db: Queryable, provider: string, from: Date, to: Date): Promise<ProviderPayment[]> {
  const rows = await db
    .select(columns)
    .from(payments)
    .where(and(eq(payments.provider, provider), gte(payments.paidAt, from), lt(payments.paidAt, to)))
    .orderBy(payments.id);
  return withProviderPaymentIds(db, rows);
}
