import { LoanStatus } from '@lend/contracts';
import { CHECKED_ACCOUNTS, expectedAccountBalances, outstanding, type CheckedAccount } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { accountBalances, unbalancedEntries } from '../ledger';
import { balanceOf, ordersWithPlansAfter, type OrderRow } from '../orders';
import { payoutBookMismatches, type PayoutBookMismatch } from '../payouts';

/** Orders read per step: the check never holds the whole book in memory. */
const CHECK_BATCH = 500;

export type LedgerMismatch =
  | { kind: 'unbalanced-entry'; entryId: number; orderId: number; sumMinor: number }
  | { kind: 'account'; orderNo: string; account: CheckedAccount; orderSaysMinor: number; ledgerSaysMinor: number }
  | { kind: 'status'; orderNo: string; statusCode: number; outstandingMinor: number; settled: boolean }
  | PayoutBookMismatch;

export type LedgerCheckResult = { ordersChecked: number; mismatches: LedgerMismatch[] };

/** A settled order owes nothing and has its date; an order that owes nothing is settled (unless never paid out). */
function statusMismatch(order: OrderRow, outstandingMinor: number): LedgerMismatch | null {
  const settled = order.statusCode === LoanStatus.Settled;
  const consistent = order.disbursedAt === null ? !settled : settled === (outstandingMinor === 0) && settled === (order.settledAt !== null);
  return consistent ? null : { kind: 'status', orderNo: order.orderNo, statusCode: order.statusCode, outstandingMinor, settled };
}

/**
 * Proves the books (docs/decisions/072): every entry balances, and each order's receivables and
 * the borrower's credit in the ledger equal what the order and its installments say, and its
 * status agrees with what it owes, and every payout paid or reversed has its entry (docs/decisions/155). Reports; never fixes.
 */
export async function checkLedger(db: Queryable): Promise<LedgerCheckResult> {
  const mismatches: LedgerMismatch[] = (await unbalancedEntries(db)).map((e) => ({ kind: 'unbalanced-entry', ...e }));
  let ordersChecked = 0;
  let afterId = 0;
  for (;;) {
    const orders = await ordersWithPlansAfter(db, afterId, CHECK_BATCH);
    if (orders.length === 0) break;
    const ledger = await accountBalances(
      db,
      orders.map(({ order }) => order.id),
    );
    for (const { order, installments } of orders) {
      const balance = balanceOf(order, installments);
      const expected = expectedAccountBalances(balance, order.creditMinor);
      const accounts = ledger.get(order.id);
      for (const account of CHECKED_ACCOUNTS) {
        const ledgerSaysMinor = accounts?.get(account) ?? 0;
        if (ledgerSaysMinor !== expected[account]) {
          mismatches.push({ kind: 'account', orderNo: order.orderNo, account, orderSaysMinor: expected[account], ledgerSaysMinor });
        }
      }
      const status = statusMismatch(order, outstanding(balance));
      if (status) mismatches.push(status);
    }
    ordersChecked += orders.length;
    afterId = orders.at(-1)?.order.id ?? afterId;
  }
  mismatches.push(...(await payoutBookMismatches(db)));
  return { ordersChecked, mismatches };
}
