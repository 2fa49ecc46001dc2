import { and, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { paymentReferences, payments } from '../../db/schema';

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
  providerPaymentId: sql<string>`coalesce(${payments.providerPaymentId}, case when ${payments.provider} = ${STRIPE_CASH_PROVIDER} then coalesce(${paymentReferences.providerPaymentId}, ${payments.providerEventId}) else ${payments.providerEventId} end)`,
  amountMinor: payments.amountMinor,
  paidAt: payments.paidAt,
};

/**
 * The payment a refund of the order's credit goes back through: the newest one a provider took
 * (a transfer an operator recorded came outside any provider, so none can return it).
 */
export async function newestProviderPayment(db: Queryable, orderId: number): Promise<ProviderPayment | undefined> {
  const [row] = await db
    .select(columns)
    .from(payments)
    .leftJoin(paymentReferences, eq(paymentReferences.id, payments.referenceId))
    .where(and(eq(payments.orderId, orderId), ne(payments.provider, 'manual')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** A provider's payments paid within [from, to): what its settlement of those days should name. */
export function providerPaymentsBetween(db: Queryable, provider: string, from: Date, to: Date): Promise<ProviderPayment[]> {
  return db
    .select(columns)
    .from(payments)
    .leftJoin(paymentReferences, eq(paymentReferences.id, payments.referenceId))
    .where(and(eq(payments.provider, provider), gte(payments.paidAt, from), lt(payments.paidAt, to)))
    .orderBy(payments.id);
}
