import { addDays, REPAYING_STATUSES, type Installment, type IsoDate } from '@lend/domain';
import { and, asc, between, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanInstallments, loanOrders } from '../../db/schema';

export type InstallmentRow = typeof loanInstallments.$inferSelect;

export async function insertInstallments(db: Queryable, orderId: number, plan: readonly Installment[]): Promise<void> {
  await db.insert(loanInstallments).values(
    plan.map((installment) => ({
      orderId,
      seq: installment.seq,
      dueDay: installment.dueDay,
      principalMinor: installment.principalMinor,
      interestMinor: installment.interestMinor,
      taxMinor: installment.taxMinor,
      amountMinor: installment.amountMinor,
    })),
  );
}

export function listInstallments(db: Queryable, orderId: number): Promise<InstallmentRow[]> {
  return db.select().from(loanInstallments).where(eq(loanInstallments.orderId, orderId)).orderBy(asc(loanInstallments.seq));
}

/** Fixes every due date once the money is paid out: disbursal date plus each installment's day. */
export async function setDueDates(db: Queryable, installments: readonly InstallmentRow[], disbursalDate: IsoDate): Promise<void> {
  for (const installment of installments) {
    await db
      .update(loanInstallments)
      .set({ dueDate: addDays(disbursalDate, installment.dueDay) })
      .where(and(eq(loanInstallments.orderId, installment.orderId), eq(loanInstallments.seq, installment.seq)));
  }
}

/** What an installment holds once a payment, a rebate or an extension changed it. */
export type InstallmentMoney = Pick<
  InstallmentRow,
  'id' | 'dueDate' | 'principalPaidMinor' | 'interestPaidMinor' | 'taxPaidMinor' | 'interestWaivedMinor' | 'taxWaivedMinor' | 'paidAt'
>;

export async function saveInstallmentMoney(db: Queryable, installment: InstallmentMoney): Promise<void> {
  const { id, ...money } = installment;
  await db
    .update(loanInstallments)
    .set({ ...money, paidMinor: money.principalPaidMinor + money.interestPaidMinor + money.taxPaidMinor })
    .where(eq(loanInstallments.id, id));
}

/** The plans of several orders at once, each in plan order. */
export function installmentsOfOrders(db: Queryable, orderIds: readonly number[]): Promise<InstallmentRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(loanInstallments)
    .where(inArray(loanInstallments.orderId, [...orderIds]))
    .orderBy(asc(loanInstallments.orderId), asc(loanInstallments.seq));
}

export type DueInstallmentRow = { id: number; dueDate: string; unpaidMinor: number; orderNo: string; borrowerId: number };

/**
 * Installments of repaying orders of these products falling due from `from` to `to` with
 * something left to pay, a page by id, each with its order's number and borrower (the reminders).
 */
export function installmentsDueOfProducts(db: Queryable, productIds: readonly number[], from: string, to: string, afterId: number, limit: number): Promise<DueInstallmentRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  const i = loanInstallments;
  const unpaid = sql`${i.amountMinor} - ${i.paidMinor} - ${i.interestWaivedMinor} - ${i.taxWaivedMinor}`;
  return db
    .select({ id: i.id, dueDate: sql<string>`${i.dueDate}`, unpaidMinor: sql<number>`(${unpaid})::float8`, orderNo: loanOrders.orderNo, borrowerId: loanOrders.borrowerId })
    .from(i)
    .innerJoin(loanOrders, eq(loanOrders.id, i.orderId))
    .where(
      and(
        inArray(loanOrders.productId, [...productIds]),
        between(i.dueDate, from, to),
        inArray(loanOrders.statusCode, [...REPAYING_STATUSES]),
        isNull(i.paidAt),
        gt(unpaid, 0),
        gt(i.id, afterId),
      ),
    )
    .orderBy(asc(i.id))
    .limit(limit);
}

/** What remains of an installment a payment plan takes over: its amounts become what was paid or waived of it. */
export type ClosedInstallment = { id: number; principalMinor: number; interestMinor: number; taxMinor: number };
export type AddedInstallment = { seq: number; dueDay: number; dueDate: string; principalMinor: number; interestMinor: number; taxMinor: number };

/** Closes the installments a plan took over and writes the plan's as the order's next ones (docs/decisions/250). */
export async function restructureInstallments(tx: Queryable, orderId: number, closed: readonly ClosedInstallment[], added: readonly AddedInstallment[], now: Date): Promise<void> {
  for (const row of closed) {
    await tx
      .update(loanInstallments)
      .set({ principalMinor: row.principalMinor, interestMinor: row.interestMinor, taxMinor: row.taxMinor, amountMinor: row.principalMinor + row.interestMinor + row.taxMinor, restructuredAt: now })
      .where(eq(loanInstallments.id, row.id));
  }
  if (added.length === 0) return;
  await tx.insert(loanInstallments).values(added.map((row) => ({ orderId, ...row, amountMinor: row.principalMinor + row.interestMinor + row.taxMinor })));
}
