import type { Queryable } from '../../db/client';
import type { PayoutRails } from '../../providers/payouts/payout-rails';
import type { SettlementSource } from '../../providers/refunds/settlement-source';
import { entryCounts } from '../ledger';
import { orderNumbers } from '../orders';
import { paidOnDay, settledPayoutsAfter } from './payout-repository';

const CHECK_BATCH = 500;

/** The payouts a provider paid in [from, to), with its id: what its settlement report must hold. */
export async function payoutsPaidBetween(db: Queryable, provider: string, from: Date, to: Date): Promise<{ providerPayoutId: string; amountMinor: number; orderId: number }[]> {
  const rows = await paidOnDay(db, provider, from, to);
  return rows.flatMap((row) => (row.providerPayoutId ? [{ providerPayoutId: row.providerPayoutId, amountMinor: row.amountMinor, orderId: row.orderId }] : []));
}

/** Each payout provider's day as a settlement source, once per provider whichever markets share it. */
export function payoutSettlementSources(rails: PayoutRails): SettlementSource[] {
  const byName = new Map<string, SettlementSource>();
  for (const name of new Set([...rails.values()].map((rail) => rail.name))) {
    const sharing = [...rails.values()].filter((rail) => rail.name === name);
    byName.set(name, {
      name,
      settlementLines: async (day) =>
        (await Promise.all(sharing.map((rail) => rail.payoutsOn(day))))
          .flat()
          .map((line) => ({ providerTxId: line.providerPayoutId, kind: 'payout' as const, amountMinor: line.amountMinor, currency: line.currency, feeMinor: line.feeMinor })),
    });
  }
  return [...byName.values()];
}

export type PayoutBookMismatch = { kind: 'payout'; orderNo: string; entry: 'disbursal' | 'disbursal-reversal'; expected: number; booked: number };

/**
 * Every payout paid has its disbursal entry, and every reversal booked its reversal entry
 * (docs/decisions/155), order by order; orders paid out before payouts existed are not counted.
 */
export async function payoutBookMismatches(db: Queryable): Promise<PayoutBookMismatch[]> {
  const expected = new Map<number, { disbursal: number; 'disbursal-reversal': number }>();
  let afterId = 0;
  for (;;) {
    const rows = await settledPayoutsAfter(db, afterId, CHECK_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const counts = expected.get(row.orderId) ?? { disbursal: 0, 'disbursal-reversal': 0 };
      counts.disbursal += 1;
      if (row.status === 'reversed' && !row.reversalParkedAt) counts['disbursal-reversal'] += 1;
      expected.set(row.orderId, counts);
    }
    afterId = rows.at(-1)?.id ?? afterId;
  }
  const orderIds = [...expected.keys()];
  const booked = await entryCounts(db, orderIds, ['disbursal', 'disbursal-reversal']);
  const numbers = await orderNumbers(db, orderIds);
  const mismatches: PayoutBookMismatch[] = [];
  for (const [orderId, counts] of expected) {
    for (const entry of ['disbursal', 'disbursal-reversal'] as const) {
      const found = booked.get(orderId)?.get(entry) ?? 0;
      if (found !== counts[entry]) mismatches.push({ kind: 'payout', orderNo: numbers.get(orderId) ?? '', entry, expected: counts[entry], booked: found });
    }
  }
  return mismatches;
}
