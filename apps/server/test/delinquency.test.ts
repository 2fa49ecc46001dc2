import { CollectionsPath, ERROR_MESSAGES, ErrorCode, OPERATOR_BASE, type MarketBands } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, delinquencyMoves, loanOrders, orderDelinquency } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { sweepOrders } from '../src/modules/order-clock';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';

let t: TestApp;
let mexican: number;
let indian: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  mexican = Number((await openSession(t.app, '5577790001')).userId);
  indian = Number((await openSession(t.app, '9877790001', 'IN')).userId);
});
afterAll(async () => t?.close());

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const rowsOf = (ids: number[]) => t.database.db.select().from(orderDelinquency).where(inArray(orderDelinquency.orderId, ids)).orderBy(asc(orderDelinquency.orderId));
const movesOf = (id: number) => t.database.db.select().from(delinquencyMoves).where(eq(delinquencyMoves.orderId, id)).orderBy(asc(delinquencyMoves.id));
const orderNoOf = async (id: number) => (await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.id, id)))[0]?.orderNo ?? '';

async function putBands(market: string, bands: unknown, language = 'en') {
  const response = await t.app.inject({
    method: 'PUT',
    url: `${OPERATOR_BASE}${CollectionsPath.marketBands.replace(':market', market)}?language=${language === 'es' ? 2 : 1}`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    payload: { bands },
  });
  return response.json<{ code: number; message: string; data: MarketBands }>();
}

describe('days past due and buckets kept by the order clock (docs/decisions/242)', () => {
  it('counts the days from the oldest installment owed, moves an order between Mexico’s buckets, cures it once repaid, and keeps each move', async () => {
    const today = formatDate(new Date(), 'MX');
    const due = addDays(today, -40);
    const [first = 0, second = 0] = await createRepayingOrders(t.database.db, mexican, 'peso-flex-91', 2, due);

    await sweepOrders(t.database.db, noon(addDays(due, 1)));
    expect(await rowsOf([first, second])).toMatchObject([
      { orderId: first, market: 'MX', daysPastDue: 1, bucket: '1-30', lateSince: due, asOf: addDays(due, 1) },
      { orderId: second, daysPastDue: 1, bucket: '1-30' },
    ]);
    // The same day again changes nothing and records no second move.
    await sweepOrders(t.database.db, noon(addDays(due, 1)));
    await sweepOrders(t.database.db, noon(addDays(due, 31)));
    expect((await rowsOf([first]))[0]).toMatchObject({ daysPastDue: 31, bucket: '31-60' });
    expect((await movesOf(first)).map(({ fromBucket, toBucket, reason, daysPastDue, movedOn }) => ({ fromBucket, toBucket, reason, daysPastDue, movedOn }))).toEqual([
      { fromBucket: null, toBucket: '1-30', reason: 'late', daysPastDue: 1, movedOn: addDays(due, 1) },
      { fromBucket: '1-30', toBucket: '31-60', reason: 'late', daysPastDue: 31, movedOn: addDays(due, 31) },
    ]);

    // The first is repaid (more than owed: the rest is the borrower's credit); the next sweep cures it.
    expect((await recordTransfer(t.app, await orderNoOf(first), 5_000_000, 'SPEI 1234')).code).toBe(0);
    await sweepOrders(t.database.db, noon(today));
    const [cured, stillLate] = await rowsOf([first, second]);
    expect(cured).toMatchObject({ daysPastDue: 0, bucket: null, lateSince: null });
    expect(stillLate).toMatchObject({ daysPastDue: 40, bucket: '31-60', lateSince: due });
    expect((await movesOf(first)).at(-1)).toMatchObject({ fromBucket: '31-60', toBucket: null, reason: 'cured' });
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });

  it('puts an Indian loan late 95 days in NPA, through SMA-0, SMA-1 and SMA-2', async () => {
    const due = addDays(formatDate(new Date(), 'IN'), -95);
    const [id = 0] = await createRepayingOrders(t.database.db, indian, 'rupee-easy-91', 1, due);
    for (const days of [1, 31, 61, 95]) await sweepOrders(t.database.db, noon(addDays(due, days)));
    expect((await rowsOf([id]))[0]).toMatchObject({ market: 'IN', daysPastDue: 95, bucket: 'NPA' });
    expect((await movesOf(id)).map((move) => move.toBucket)).toEqual(['SMA-0', 'SMA-1', 'SMA-2', 'NPA']);
  });

  it('lets an administrator change a market’s buckets, audited, moving its late orders at once; refuses buckets that miss a day, in the caller’s language', async () => {
    const due = addDays(formatDate(new Date(), 'MX'), -20);
    const [id = 0] = await createRepayingOrders(t.database.db, mexican, 'peso-flex-91', 1, due);
    await sweepOrders(t.database.db, noon(addDays(due, 20)));
    expect((await rowsOf([id]))[0]?.bucket).toBe('1-30');

    const gap = await putBands('MX', [{ code: 'early', fromDays: 1, toDays: 10 }, { code: 'late', fromDays: 12, toDays: null }], 'es');
    expect(gap).toEqual({ code: ErrorCode.DelinquencyBandsInvalid, message: ERROR_MESSAGES[ErrorCode.DelinquencyBandsInvalid].es.replace('{field}', 'gap-or-overlap'), data: null });

    const bands = [
      { code: '1-15', fromDays: 1, toDays: 15 },
      { code: '16-45', fromDays: 16, toDays: 45 },
      { code: '46+', fromDays: 46, toDays: null },
    ];
    const changed = await putBands('MX', bands);
    expect(changed.code).toBe(0);
    expect(changed.data).toMatchObject({ market: 'MX', custom: true, bands });
    expect(changed.data.lateOrders['16-45']).toBeGreaterThanOrEqual(1);
    expect((await rowsOf([id]))[0]?.bucket).toBe('16-45');
    expect((await movesOf(id)).at(-1)).toMatchObject({ fromBucket: '1-30', toBucket: '16-45', reason: 'bands', daysPastDue: 20 });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'delinquency.bands.change'));
    expect(entry).toMatchObject({ objectId: 'MX' });

    // India keeps its own.
    const list = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${CollectionsPath.bands}`, headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } });
    const india = list.json<{ data: { items: MarketBands[] } }>().data.items.find((item) => item.market === 'IN');
    expect(india).toMatchObject({ custom: false, bands: [{ code: 'SMA-0' }, { code: 'SMA-1' }, { code: 'SMA-2' }, { code: 'NPA', toDays: null }] });
  });
});
