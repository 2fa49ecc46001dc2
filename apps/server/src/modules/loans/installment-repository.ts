import { addDays, type Installment, type IsoDate } from '@lend/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanInstallments } from '../../db/schema';

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
