import { VINTAGE_MONTHS_ON_BOOK, type RollRateReport, type VintageReport } from '@lend/contracts';

/** A month of payout as the vintage table shows it: what was paid out, and the share 30+ days late at each month on book (null: not reached yet). */
export type VintageRow = { vintage: string; orders: number; disbursedMinor: number; late30Bp: (number | null)[] };

/** The vintage points (one per month of payout and month on book) as one row per month of payout, oldest first. */
export function vintageRows(items: VintageReport['items']): VintageRow[] {
  const rows = new Map<string, VintageRow>();
  for (const point of items) {
    const row = rows.get(point.vintage) ?? { vintage: point.vintage, orders: point.orders, disbursedMinor: point.disbursedMinor, late30Bp: Array.from({ length: VINTAGE_MONTHS_ON_BOOK }, () => null) };
    row.late30Bp[point.monthOnBook - 1] = point.late30Bp;
    rows.set(point.vintage, row);
  }
  return [...rows.values()].sort((a, b) => a.vintage.localeCompare(b.vintage));
}

/** Where the orders of one bucket at one month's end were at the next: orders and share by destination. */
export type RollRow = { month: string; fromBucket: string; orders: number; to: ReadonlyMap<string, { orders: number; shareBp: number }> };

/** The roll rates as a matrix: a row per month and bucket of origin (in the report's bucket order), a cell per destination. */
export function rollRows(report: RollRateReport): RollRow[] {
  const order = (bucket: string) => report.buckets.indexOf(bucket);
  const rows = new Map<string, { month: string; fromBucket: string; orders: number; to: Map<string, { orders: number; shareBp: number }> }>();
  for (const item of report.items) {
    const key = `${item.month} ${item.fromBucket}`;
    const row = rows.get(key) ?? { month: item.month, fromBucket: item.fromBucket, orders: 0, to: new Map() };
    row.orders += item.orders;
    row.to.set(item.toBucket, { orders: item.orders, shareBp: item.shareBp });
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.month.localeCompare(b.month) || order(a.fromBucket) - order(b.fromBucket));
}
