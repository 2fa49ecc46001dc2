import type { Db } from '../../db/client';
import { succeededChargesBetween } from '../cards/sandbox/sandbox-card-repository';
import { sandboxRefundsBetween } from './sandbox-refunds';
import { dayBounds, type ReportedPayments, type SettlementLine, type SettlementSource } from './settlement-source';

/** What the sandbox networks keep of each payment, in parts per ten thousand: shaped like real fees, never charged. */
const FEE_BASIS_POINTS = { cash: 200, card: 300 } as const;

const fee = (amountMinor: number, basisPoints: number) => Math.round((amountMinor * basisPoints) / 10_000);

async function refundLines(db: Db, network: string, from: Date, to: Date): Promise<SettlementLine[]> {
  return (await sandboxRefundsBetween(db, network, from, to)).map((row) => ({
    providerTxId: row.id,
    kind: 'refund',
    amountMinor: row.amountMinor,
    currency: row.currency,
    feeMinor: 0,
    reference: row.paymentId,
  }));
}

/**
 * The sandbox cash network's settlement: the payments it reported to our webhook (it keeps no books
 * of its own, so those are what it delivered; the payments' owner reads them) and the refunds it made.
 */
export function sandboxCashSettlement(db: Db, reportedPayments: ReportedPayments, name = 'sandbox-cash'): SettlementSource {
  return {
    name,
    async settlementLines(day) {
      const { from, to } = dayBounds(day);
      const paid = await reportedPayments(db, name, from, to);
      const payments: SettlementLine[] = paid.map((row) => ({
        providerTxId: row.providerEventId,
        kind: 'payment',
        amountMinor: row.amountMinor,
        // The cash events carry no currency of their own: the order's market decides it, and matching is by id and amount.
        currency: '',
        feeMinor: fee(row.amountMinor, FEE_BASIS_POINTS.cash),
      }));
      return [...payments, ...(await refundLines(db, name, from, to))];
    },
  };
}

/** The sandbox card network's settlement: the charges it took, from its own books, and its refunds. */
export function sandboxCardSettlement(db: Db, name: string): SettlementSource {
  return {
    name,
    async settlementLines(day) {
      const { from, to } = dayBounds(day);
      const charges: SettlementLine[] = (await succeededChargesBetween(db, from, to)).map((row) => ({
        providerTxId: row.id,
        kind: 'payment',
        amountMinor: row.amountMinor,
        currency: row.currency,
        feeMinor: fee(row.amountMinor, FEE_BASIS_POINTS.card),
      }));
      return [...charges, ...(await refundLines(db, name, from, to))];
    },
  };
}
