import type { Db } from '../../db/client';

/**
 * A provider's settlement report (docs/decisions/120): what it paid out to the lender for one day,
 * line by line, with its fees. Days are UTC calendar days, as the providers' reports are cut.
 */
export type SettlementLine = {
  /** The provider's id of the payment, refund, fee or payout. */
  providerTxId: string;
  /** A payout is money the provider sent to a borrower for us (docs/decisions/152). */
  kind: 'payment' | 'refund' | 'fee' | 'payout';
  amountMinor: number;
  currency: string;
  /** The provider's fee taken from this line; a 'fee' line is a fee of its own (its amount). */
  feeMinor: number;
  reference?: string;
  orderNo?: string;
};

/** The payments we recorded as a provider's within [from, to), for a sandbox network that keeps no books of its own. */
export type ReportedPayments = (db: Db, provider: string, from: Date, to: Date) => Promise<readonly { providerEventId: string; amountMinor: number }[]>;

export interface SettlementSource {
  readonly name: string;
  /** Days after a day ends before the provider has settled all of it (Razorpay's T+2); none when it reports at once. */
  readonly lagDays?: number;
  /** Every line the provider settled on `day` (YYYY-MM-DD). */
  settlementLines(day: string): Promise<SettlementLine[]>;
}

/** The instants [from, to) of a UTC calendar day. */
export function dayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(from.getTime())) throw new RangeError(`not a day: ${day}`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}
