import { LoanStatus } from '@lend/contracts';
import { and, asc, between, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { borrowers, ledgerEntries, loanInstallments, loanOrders, payments, products } from '../../db/schema';

const REPAYING = [LoanStatus.Disbursed, LoanStatus.Due, LoanStatus.Overdue];

/** Who an order's messages go to and in which market. */
const recipient = { orderNo: loanOrders.orderNo, borrowerId: loanOrders.borrowerId, phone: borrowers.phone, market: products.market };

/** Installments of repaying orders in the market falling due between two dates, with something left to pay. */
export function findInstallmentsDueBetween(db: Queryable, market: string, from: string, to: string, afterId: number, limit: number) {
  return db
    .select({
      id: loanInstallments.id,
      dueDate: sql<string>`${loanInstallments.dueDate}`,
      unpaidMinor: sql<number>`(${loanInstallments.amountMinor} - ${loanInstallments.paidMinor} - ${loanInstallments.interestWaivedMinor} - ${loanInstallments.taxWaivedMinor})::float8`,
      ...recipient,
    })
    .from(loanInstallments)
    .innerJoin(loanOrders, eq(loanOrders.id, loanInstallments.orderId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(
      and(
        eq(products.market, market),
        between(loanInstallments.dueDate, from, to),
        inArray(loanOrders.statusCode, REPAYING),
        isNull(loanInstallments.paidAt),
        gt(sql`${loanInstallments.amountMinor} - ${loanInstallments.paidMinor} - ${loanInstallments.interestWaivedMinor} - ${loanInstallments.taxWaivedMinor}`, 0),
        gt(loanInstallments.id, afterId),
      ),
    )
    .orderBy(asc(loanInstallments.id))
    .limit(limit);
}

export function findPaymentsAppliedSince(db: Queryable, since: Date, afterId: number, limit: number) {
  return db
    .select({
      id: payments.id,
      receiptNo: payments.receiptNo,
      amountMinor: payments.amountMinor,
      balanceAfterMinor: payments.balanceAfterMinor,
      ...recipient,
    })
    .from(payments)
    .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(and(gte(payments.appliedAt, since), gt(payments.id, afterId)))
    .orderBy(asc(payments.id))
    .limit(limit);
}

/** The ledger's extension entries: one per extension granted, naming the payment that bought it. */
export function findExtensionsGrantedSince(db: Queryable, since: Date, afterPaymentId: number, limit: number) {
  return db
    .select({ paymentId: sql<number>`${ledgerEntries.paymentId}`, dueDate: loanOrders.dueDate, ...recipient })
    .from(ledgerEntries)
    .innerJoin(loanOrders, eq(loanOrders.id, ledgerEntries.orderId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(and(eq(ledgerEntries.kind, 'extension'), gte(ledgerEntries.createdAt, since), gt(ledgerEntries.paymentId, afterPaymentId)))
    .orderBy(asc(ledgerEntries.paymentId))
    .limit(limit);
}

export function findOrdersSettledSince(db: Queryable, since: Date, afterId: number, limit: number) {
  return db
    .select({ id: loanOrders.id, ...recipient })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .innerJoin(borrowers, eq(borrowers.id, loanOrders.borrowerId))
    .where(and(eq(loanOrders.statusCode, LoanStatus.Settled), gte(loanOrders.settledAt, since), gt(loanOrders.id, afterId)))
    .orderBy(asc(loanOrders.id))
    .limit(limit);
}
