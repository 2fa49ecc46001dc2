import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanContracts, loanInstallments, loanOrders, payments, products } from '../../db/schema';

export function ordersOfBorrower(db: Queryable, borrowerId: number) {
  return db
    .select({
      id: loanOrders.id,
      orderNo: loanOrders.orderNo,
      productName: products.name,
      market: products.market,
      statusCode: loanOrders.statusCode,
      principalMinor: loanOrders.principalMinor,
      disbursalMinor: loanOrders.disbursalMinor,
      commissionMinor: loanOrders.commissionMinor,
      interestMinor: loanOrders.interestMinor,
      taxMinor: loanOrders.taxMinor,
      discountMinor: loanOrders.discountMinor,
      totalRepayableMinor: loanOrders.totalRepayableMinor,
      penaltyMinor: loanOrders.penaltyMinor,
      penaltyPaidMinor: loanOrders.penaltyPaidMinor,
      creditMinor: loanOrders.creditMinor,
      termDays: loanOrders.termDays,
      periods: loanOrders.periods,
      extensionsUsed: loanOrders.extensionsUsed,
      dueDate: loanOrders.dueDate,
      createdAt: loanOrders.createdAt,
      approvedAt: loanOrders.approvedAt,
      disbursedAt: loanOrders.disbursedAt,
      settledAt: loanOrders.settledAt,
      score: loanOrders.score,
    })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(asc(loanOrders.id));
}

export function installmentsOf(db: Queryable, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(loanInstallments).where(inArray(loanInstallments.orderId, [...orderIds])).orderBy(asc(loanInstallments.orderId), asc(loanInstallments.seq));
}

/** Receipts without the operator's name and note: those are the lender's, not the borrower's. */
export function receiptsOf(db: Queryable, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: payments.orderId,
      receiptNo: payments.receiptNo,
      purpose: payments.purpose,
      channelCode: payments.channelCode,
      amountMinor: payments.amountMinor,
      paidAt: payments.paidAt,
      appliedAt: payments.appliedAt,
      allocation: payments.allocation,
      rebateMinor: payments.rebateMinor,
      extensionFeeMinor: payments.extensionFeeMinor,
      creditMinor: payments.creditMinor,
      balanceAfterMinor: payments.balanceAfterMinor,
    })
    .from(payments)
    .where(inArray(payments.orderId, [...orderIds]))
    .orderBy(asc(payments.id));
}

/** What the borrower agreed to, when and from where; the clauses themselves are on the contract screen. */
export function contractsOf(db: Queryable, borrowerId: number) {
  return db
    .select({
      orderNo: loanOrders.orderNo,
      language: loanContracts.language,
      textSha256: loanContracts.textSha256,
      agreedAt: loanContracts.agreedAt,
      clientIp: loanContracts.clientIp,
      userAgent: loanContracts.userAgent,
    })
    .from(loanContracts)
    .innerJoin(loanOrders, eq(loanOrders.id, loanContracts.orderId))
    .where(eq(loanOrders.borrowerId, borrowerId))
    .orderBy(asc(loanOrders.id));
}

export async function openOrderOf(db: Queryable, borrowerId: number, openStatuses: readonly number[]): Promise<string | undefined> {
  const [row] = await db
    .select({ orderNo: loanOrders.orderNo })
    .from(loanOrders)
    .where(and(eq(loanOrders.borrowerId, borrowerId), inArray(loanOrders.statusCode, [...openStatuses])))
    .limit(1);
  return row?.orderNo;
}
