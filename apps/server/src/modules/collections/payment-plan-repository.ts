import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { OPEN_PAYMENT_PLAN_STATES, type PaymentPlanState } from '@lend/contracts';
import type { Queryable, Tx } from '../../db/client';
import { paymentPlans, planRequests } from '../../db/schema';

export type PaymentPlanRow = typeof paymentPlans.$inferSelect;
type NewPaymentPlan = typeof paymentPlans.$inferInsert;
type PaymentPlanChange = Partial<Omit<NewPaymentPlan, 'id' | 'orderId' | 'borrowerId' | 'market' | 'createdAt'>>;

/** The key that lets one plan per order be open. */
export const OPEN_PAYMENT_PLAN_KEY = 'payment_plans_open_idx';

export async function insertPaymentPlan(tx: Tx, row: NewPaymentPlan): Promise<PaymentPlanRow> {
  const [inserted] = await tx.insert(paymentPlans).values(row).returning();
  if (!inserted) throw new Error('payment plan not inserted');
  return inserted;
}

/** The order's latest plan, whatever its state. */
export async function latestPaymentPlan(db: Queryable, orderId: number): Promise<PaymentPlanRow | undefined> {
  const [row] = await db.select().from(paymentPlans).where(eq(paymentPlans.orderId, orderId)).orderBy(desc(paymentPlans.id)).limit(1);
  return row;
}

/** The order's open plan, if any (there is at most one). */
export async function openPaymentPlan(db: Queryable, orderId: number): Promise<PaymentPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.orderId, orderId), inArray(paymentPlans.state, [...OPEN_PAYMENT_PLAN_STATES])))
    .limit(1);
  return row;
}

/** How many plans the borrower accepted on the order (in force, kept or broken): the product's limit counts these. */
export async function acceptedPlanCount(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.orderId, orderId), inArray(paymentPlans.state, ['accepted', 'kept', 'broken'])));
  return row?.count ?? 0;
}

/** Moves the plan from one of `from` to its next state; false when it was in none of them. */
export async function changePaymentPlan(tx: Tx, id: number, from: readonly PaymentPlanState[], change: PaymentPlanChange): Promise<boolean> {
  const changed = await tx
    .update(paymentPlans)
    .set(change)
    .where(and(eq(paymentPlans.id, id), inArray(paymentPlans.state, [...from])))
    .returning({ id: paymentPlans.id });
  return changed.length > 0;
}

/** Offered plans of the order not accepted by their first due date lapse. */
export async function lapsePaymentPlans(tx: Tx, orderId: number, today: string, now: Date): Promise<void> {
  await tx
    .update(paymentPlans)
    .set({ state: 'lapsed', closedAt: now })
    .where(and(eq(paymentPlans.orderId, orderId), eq(paymentPlans.state, 'offered'), lte(paymentPlans.firstDueDate, today)));
}

/** The plans in force among these orders. */
export async function plansInForceOf(db: Queryable, orderIds: readonly number[]): Promise<PaymentPlanRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(paymentPlans)
    .where(and(inArray(paymentPlans.orderId, [...orderIds]), eq(paymentPlans.state, 'accepted')));
}

/** Plans in force that broke: closed as broken. */
export async function breakPaymentPlans(tx: Tx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(paymentPlans)
    .set({ state: 'broken', closedAt: now })
    .where(and(inArray(paymentPlans.id, [...ids]), eq(paymentPlans.state, 'accepted')));
}

export function paymentPlansOfBorrower(db: Queryable, borrowerId: number): Promise<PaymentPlanRow[]> {
  return db.select().from(paymentPlans).where(eq(paymentPlans.borrowerId, borrowerId)).orderBy(desc(paymentPlans.id));
}

/** A plan offered answers the borrower's open request for one (docs/decisions/248). */
export async function answerPlanRequests(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(planRequests)
    .set({ state: 'answered' })
    .where(and(eq(planRequests.orderId, orderId), eq(planRequests.state, 'open')));
}
