import { MARKET_SETTINGS } from '@lend/domain';
import type { LedgerCheckView, LedgerView, OperatorPayoff, Receipt } from '@lend/contracts';
import type { LedgerCheckResult } from './ledger-check';
import type { OrderLedger, ReceiptRow } from './operator-payment-service';
import type { PayoffSituation } from '../repayment';

/** How many mismatches an answer lists; the count says how many there are in all. */
export const LISTED_MISMATCHES = 200;

/** The operator reads raw values: minor units, ISO instants, market dates. */
export function receiptView(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    receiptNo: row.receiptNo,
    orderNo: row.orderNo,
    provider: row.provider,
    providerEventId: row.providerEventId,
    purpose: row.purpose === 'extension' ? 'extension' : 'repayment',
    channelCode: row.channelCode,
    amountMinor: row.amountMinor,
    market: row.market,
    currency: MARKET_SETTINGS[row.market].currency,
    paidAt: row.paidAt.toISOString(),
    appliedAt: row.appliedAt.toISOString(),
    allocation: row.allocation,
    rebateMinor: row.rebateMinor,
    extensionFeeMinor: row.extensionFeeMinor,
    creditMinor: row.creditMinor,
    balanceAfterMinor: row.balanceAfterMinor,
    statusBefore: row.statusBefore,
    statusAfter: row.statusAfter,
    recordedBy: row.recordedBy,
    note: row.note,
  };
}

export function ledgerView(ledger: OrderLedger): LedgerView {
  return {
    orderNo: ledger.orderNo,
    entries: ledger.entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    accounts: ledger.accounts,
  };
}

export function operatorPayoffView({ order, market, today, outstandingMinor, quote }: PayoffSituation): OperatorPayoff {
  const base = { orderNo: order.orderNo, market, today, status: order.statusCode, outstandingMinor };
  return quote.allowed
    ? { ...base, allowed: true, payoffMinor: quote.payoffMinor, rebateMinor: quote.rebateMinor, rebates: quote.rebates, allowedFrom: null, reason: null, lookUpUntil: quote.lookUpUntil }
    : { ...base, allowed: false, payoffMinor: null, rebateMinor: 0, rebates: [], allowedFrom: quote.allowedFrom, reason: quote.reason, lookUpUntil: null };
}

export function ledgerCheckView(result: LedgerCheckResult): LedgerCheckView {
  return {
    ordersChecked: result.ordersChecked,
    mismatchCount: result.mismatches.length,
    mismatches: result.mismatches.slice(0, LISTED_MISMATCHES),
  };
}
