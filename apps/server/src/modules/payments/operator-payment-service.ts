import { createHash } from 'node:crypto';
import { ErrorCode } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { AppError } from '../../errors';
import { accountBalances, listOrderPostings } from '../ledger';
import type { Market } from '@lend/domain';
import { orderByNumber, orderOutline, withOrderLabels, type OrderRow } from '../orders';
import { payoffSituation, type PayoffSituation } from '../repayment';
import { checkLedger, type LedgerCheckResult } from './ledger-check';
import type { PaymentRow } from './payment-repository';
import { recordAudit, type Actor } from '../staff';
import { applyPaymentIn, manualTransfer, paymentCommitted } from './payment-service';
import { findReceipt, receiptsPage } from './receipt-repository';

/** A payment with the number of the order it paid: what a receipt shows. */
export type ReceiptRow = PaymentRow & { orderNo: string; market: Market };

/** An order's ledger: its entries in the order they were written, and each account's balance. */
export type OrderLedger = {
  orderNo: string;
  entries: { id: number; kind: string; paymentId: number | null; bookedOn: string; createdAt: Date; postings: { account: string; amountMinor: number }[] }[];
  accounts: { account: string; balanceMinor: number }[];
};

async function orderByNo(db: Queryable, orderNo: string): Promise<OrderRow> {
  const order = await orderByNumber(db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  return order;
}

/** One page of receipts, newest first; one order's when `orderNo` is given. */
export async function paymentPage(db: Queryable, orderNo: string | undefined, page: PageRequest<readonly [number]>): Promise<ReceiptRow[]> {
  const order = orderNo === undefined ? undefined : await orderByNo(db, orderNo);
  // A receipt names its order and is shown in its market's currency and time zone (docs/decisions/235).
  return withOrderLabels(db, await receiptsPage(db, order?.id, page));
}

export async function receiptById(db: Queryable, id: number): Promise<ReceiptRow> {
  const payment = await findReceipt(db, id);
  if (!payment) throw new AppError(ErrorCode.NotFound);
  return { ...payment, ...(await orderOutline(db, payment.orderId)) };
}

/**
 * The provider event id of a transfer an operator records: one per order and bank reference,
 * whatever the spacing or letter case it was typed with, so the same transfer is applied once.
 */
export function manualEventId(orderNo: string, referenceNote: string): string {
  const reference = referenceNote.trim().replace(/\s+/g, ' ').toLowerCase();
  return `transfer:${orderNo}:${createHash('sha256').update(reference).digest('hex').slice(0, 40)}`;
}

export type ManualPayment = { orderNo: string; amountMinor: number; referenceNote: string; recordedBy: string };

/**
 * Applies a transfer the lender received outside any provider (it arrives in the lender's own
 * account). Recording the same reference again answers the first receipt; with another amount it
 * is refused, since that is a different transfer or a typing error, never one to apply silently.
 */
export async function recordManualPayment(db: Db, input: ManualPayment, actor: Actor, now = new Date()): Promise<{ receipt: ReceiptRow; replay: boolean }> {
  const order = await orderByNo(db, input.orderNo);
  // Money for an order never paid out has no loan to pay: it is the lender's to send back, not to book.
  if (order.disbursedAt === null) throw new AppError(ErrorCode.NothingToRepay);
  const transfer = manualTransfer({
    orderId: order.id,
    eventId: manualEventId(order.orderNo, input.referenceNote),
    amountMinor: input.amountMinor,
    paidAt: now,
    recordedBy: input.recordedBy,
    note: input.referenceNote,
  });
  const committed = await db.transaction(async (tx) => {
    const applied = await applyPaymentIn(tx, transfer, now);
    if (!applied.replay) {
      await recordAudit(tx, actor, { action: 'payment.manual-transfer', objectType: 'payment', objectId: applied.payment.id, after: { orderNo: order.orderNo, amountMinor: applied.payment.amountMinor, note: input.referenceNote, recordedBy: input.recordedBy } }, now);
    }
    return applied;
  });
  const { payment, replay } = paymentCommitted(committed);
  if (replay && payment.amountMinor !== input.amountMinor) throw new AppError(ErrorCode.InvalidRequest, 'referenceNote');
  return { receipt: { ...payment, ...(await orderOutline(db, order.id)) }, replay };
}

export async function orderLedger(db: Queryable, orderNo: string): Promise<OrderLedger> {
  const order = await orderByNo(db, orderNo);
  const [lines, balances] = await Promise.all([listOrderPostings(db, order.id), accountBalances(db, [order.id])]);
  const entries: OrderLedger['entries'] = [];
  for (const line of lines) {
    let entry = entries.at(-1);
    if (entry?.id !== line.entryId) {
      entry = { id: line.entryId, kind: line.kind, paymentId: line.paymentId, bookedOn: line.bookedOn, createdAt: line.createdAt, postings: [] };
      entries.push(entry);
    }
    entry.postings.push({ account: line.account, amountMinor: line.amountMinor });
  }
  const accounts = [...(balances.get(order.id) ?? new Map<string, number>())]
    .map(([account, balanceMinor]) => ({ account, balanceMinor }))
    .sort((a, b) => a.account.localeCompare(b.account));
  return { orderNo: order.orderNo, entries, accounts };
}

export async function orderPayoff(db: Queryable, orderNo: string, now = new Date()): Promise<PayoffSituation> {
  return payoffSituation(db, await orderByNo(db, orderNo), now);
}

export function ledgerCheck(db: Queryable): Promise<LedgerCheckResult> {
  return checkLedger(db);
}
