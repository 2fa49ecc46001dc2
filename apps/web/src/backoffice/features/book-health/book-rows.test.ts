import { describe, expect, it } from 'vitest';
import { rollRows, vintageRows } from './book-rows';

describe("the book's health tables (docs/decisions/247)", () => {
  it('pivots vintage points into a row per month of payout, months on book not reached left empty', () => {
    const rows = vintageRows([
      { vintage: '2026-05', monthOnBook: 1, disbursedMinor: 500_000, orders: 2, late30Minor: 0, late30Bp: 0 },
      { vintage: '2026-04', monthOnBook: 2, disbursedMinor: 300_000, orders: 1, late30Minor: 300_000, late30Bp: 10_000 },
      { vintage: '2026-04', monthOnBook: 1, disbursedMinor: 300_000, orders: 1, late30Minor: 0, late30Bp: 0 },
    ]);
    expect(rows.map((row) => row.vintage)).toEqual(['2026-04', '2026-05']);
    expect(rows[0]?.late30Bp.slice(0, 3)).toEqual([0, 10_000, null]);
    expect(rows[0]?.late30Bp).toHaveLength(12);
    expect(rows[1]).toMatchObject({ orders: 2, disbursedMinor: 500_000 });
  });

  it('pivots roll rates into a row per month and bucket of origin, in the market’s bucket order', () => {
    const rows = rollRows({
      market: 'IN',
      currency: 'INR',
      asOf: '2026-06-10',
      buckets: ['SMA-0', 'SMA-1', 'cured'],
      items: [
        { month: '2026-05', fromBucket: 'SMA-1', toBucket: 'cured', orders: 1, shareBp: 10_000 },
        { month: '2026-05', fromBucket: 'SMA-0', toBucket: 'SMA-1', orders: 3, shareBp: 7500 },
        { month: '2026-05', fromBucket: 'SMA-0', toBucket: 'cured', orders: 1, shareBp: 2500 },
        { month: '2026-04', fromBucket: 'SMA-1', toBucket: 'SMA-1', orders: 2, shareBp: 10_000 },
      ],
    });
    expect(rows.map((row) => `${row.month} ${row.fromBucket} ${row.orders}`)).toEqual(['2026-04 SMA-1 2', '2026-05 SMA-0 4', '2026-05 SMA-1 1']);
    expect(rows[1]?.to.get('SMA-1')).toEqual({ orders: 3, shareBp: 7500 });
  });
});
