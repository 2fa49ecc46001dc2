import { LoanStatus } from '@lend/contracts';
import { Account, ACCOUNT_NAMES, CHECKED_ACCOUNTS, expectedAccountBalances, outstanding, type CheckedAccount } from '@lend/domain';
import { forEachAtMost } from '../../concurrency';
import type { Queryable } from '../../db/client';
import { writeOffsOfOrderRange } from '../collections';
import { ledgerOfOrderRange } from '../ledger';
import { balanceOf, highestOrderId, checkedOrdersInRange, type CheckedOrderRow } from '../orders';
import { payoutBookMismatches, type PayoutBookMismatch } from '../payouts';
import { paymentsOfOrderRange } from './payment-repository';

/** Order ids read per step: the check never holds the whole book in memory. */
const CHECK_RANGE = 2000;
/**
 * Ranges read at once: the database sums one range's postings while another is read or compared,
 * so a book of a million orders is checked within the minute (docs/decisions/202).
 */
const RANGES_AT_ONCE = 2;

export type LedgerMismatch =
  | { kind: 'unbalanced-entry'; entryId: number; orderId: number; sumMinor: number }
  | { kind: 'unknown-account'; entryId: number; orderId: number; account: string }
  | { kind: 'unbooked-payment'; paymentId: number; receiptNo: string }
  | { kind: 'account'; orderNo: string; account: CheckedAccount; orderSaysMinor: number; ledgerSaysMinor: number }
  | { kind: 'status'; orderNo: string; statusCode: number; outstandingMinor: number; settled: boolean }
  /**
   * A written-off order owes what was written off less what was recovered and what a settlement
   * waived, and its recoveries are in the ledger as counted (docs/decisions/244, 245).
   */
  | { kind: 'write-off'; orderNo: string; writtenOffMinor: number; recoveredMinor: number; waivedMinor: number; ledgerRecoveredMinor: number; outstandingMinor: number }
  | PayoutBookMismatch;

export type LedgerCheckResult = { ordersChecked: number; mismatches: LedgerMismatch[] };

/** A settled order owes nothing and has its date; an order that owes nothing is settled (unless never paid out). */
function statusMismatch(order: CheckedOrderRow, outstandingMinor: number): LedgerMismatch | null {
  const settled = order.statusCode === LoanStatus.Settled;
  const consistent = order.disbursedAt === null ? !settled : settled === (outstandingMinor === 0) && settled === (order.settledAt !== null);
  return consistent ? null : { kind: 'status', orderNo: order.orderNo, statusCode: order.statusCode, outstandingMinor, settled };
}

/** The accounts read per order: the checked ones, then the recoveries of written-off orders. */
const READ_ACCOUNTS = [...CHECKED_ACCOUNTS, Account.Recoveries];
const RECOVERIES_AT = CHECKED_ACCOUNTS.length;

/** Where each range of ids starts, up to `lastId`. */
function* rangeStarts(lastId: number): Generator<number> {
  for (let afterId = 0; afterId < lastId; afterId += CHECK_RANGE) yield afterId;
}

/** Every mismatch of the orders with ids in (afterId, throughId]. */
async function checkRange(db: Queryable, afterId: number, throughId: number): Promise<{ orders: number; mismatches: LedgerMismatch[] }> {
  const [orders, ledger, payments, writeOffs] = await Promise.all([
    checkedOrdersInRange(db, afterId, throughId),
    ledgerOfOrderRange(db, afterId, throughId, READ_ACCOUNTS, ACCOUNT_NAMES),
    paymentsOfOrderRange(db, afterId, throughId),
    writeOffsOfOrderRange(db, afterId, throughId),
  ]);
  const mismatches: LedgerMismatch[] = [
    ...ledger.unbalanced.map((entry) => ({ kind: 'unbalanced-entry' as const, ...entry })),
    ...ledger.outsideChart.map((posting) => ({ kind: 'unknown-account' as const, ...posting })),
    // Every payment is booked in the transaction that records it (the ledger and the payments began together).
    ...payments.filter((payment) => !ledger.bookedPayments.has(payment.id)).map((payment) => ({ kind: 'unbooked-payment' as const, paymentId: payment.id, receiptNo: payment.receiptNo })),
  ];
  for (const { order, installments } of orders) {
    const balance = balanceOf(order, installments);
    const writeOff = writeOffs.get(order.id);
    const expected = expectedAccountBalances(balance, order.creditMinor, writeOff !== undefined);
    const balances = ledger.balances.get(order.id);
    CHECKED_ACCOUNTS.forEach((account, index) => {
      const ledgerSaysMinor = balances?.[index] ?? 0;
      if (ledgerSaysMinor !== expected[account]) {
        mismatches.push({ kind: 'account', orderNo: order.orderNo, account, orderSaysMinor: expected[account], ledgerSaysMinor });
      }
    });
    const status = statusMismatch(order, outstanding(balance));
    if (status) mismatches.push(status);
    if (writeOff) {
      // Recoveries are credits: the ledger holds them negative.
      const ledgerRecoveredMinor = -(balances?.[RECOVERIES_AT] ?? 0);
      const owed = outstanding(balance);
      if (ledgerRecoveredMinor !== writeOff.recoveredMinor || owed !== writeOff.totalMinor - writeOff.recoveredMinor - writeOff.waivedMinor) {
        mismatches.push({
          kind: 'write-off',
          orderNo: order.orderNo,
          writtenOffMinor: writeOff.totalMinor,
          recoveredMinor: writeOff.recoveredMinor,
          waivedMinor: writeOff.waivedMinor,
          ledgerRecoveredMinor,
          outstandingMinor: owed,
        });
      }
    }
  }
  return { orders: orders.length, mismatches };
}

/**
 * Proves the books (docs/decisions/072): every entry balances and posts only to the chart's
 * accounts, every payment has its entry (docs/decisions/220), and each order's receivables and
 * the borrower's credit in the ledger equal what the order and its installments say (nothing, once
 * written off, when what it owes is what was written off less what was recovered and waived), and its
 * status agrees with what it owes, and every payout paid or reversed has its entry (docs/decisions/155).
 * Goes over the orders that exist when it starts, a range of ids at a time. Reports; never fixes.
 */
export async function checkLedger(db: Queryable): Promise<LedgerCheckResult> {
  const lastId = await highestOrderId(db);
  const ranges: { orders: number; mismatches: LedgerMismatch[] }[] = [];
  await forEachAtMost(rangeStarts(lastId), RANGES_AT_ONCE, async (afterId) => {
    ranges[afterId / CHECK_RANGE] = await checkRange(db, afterId, Math.min(afterId + CHECK_RANGE, lastId));
  });
  const mismatches = ranges.flatMap((range) => range.mismatches);
  mismatches.push(...(await payoutBookMismatches(db)));
  return { ordersChecked: ranges.reduce((total, range) => total + range.orders, 0), mismatches };
}
