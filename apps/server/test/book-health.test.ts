import { BookHealthPath, CollectionsWorkPath, OPERATOR_BASE, type EfficiencyReport, type ParReport, type PromisesReport, type RollRateReport, type VintageReport } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delinquencyMoves, loanInstallments, loanOrders, payments, products, promisesToPay } from '../src/db/schema';
import { monthStart } from '../src/modules/book-health/book-health-service';
import { sweepOrders } from '../src/modules/order-clock';
import { checkLedger } from '../src/modules/payments';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';
import { signedInDesks, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let indian: number;
let clock: Clock;
let agent: StaffSession;
let officer: StaffSession;
beforeAll(async () => {
  clock = testClock();
  t = await createTestApp({ seed: true, now: clock.now });
  indian = Number((await openSession(t.app, '9877790021', 'IN')).userId);
  ({ agent, officer } = await signedInDesks(t, clock));
});
afterAll(async () => t?.close());

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const get = async <T>(path: string, query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${path}?${query}`, headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } });
  return { status: response.statusCode, body: response.json<{ code: number; data: T }>(), raw: response };
};
const csv = async (path: string, query: string) =>
  (await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${path}.csv?${query}`, headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } })).body.replace(/^\uFEFF/, '').split('\r\n');
const bp = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10_000) / whole));
/** The day `months` months after `date` (the end of the month when it is shorter), as Postgres adds them. */
function plusMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const last = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

describe("the book's health (docs/decisions/247)", () => {
  it('works out portfolio at risk, vintages, roll rates, collections efficiency and promises over a known book, and gives each as CSV', async () => {
    const today = formatDate(clock.now(), 'IN');
    const [product] = await t.database.db.select().from(products).where(eq(products.code, 'rupee-plus-180'));
    const productId = product?.id ?? 0;
    // Three installments 60 days apart: B's first fell due 95 days ago, A's 40 days ago, C's falls due in 20 days.
    const [b = 0] = await createRepayingOrders(t.database.db, indian, 'rupee-plus-180', 1, addDays(today, -95));
    const [a = 0] = await createRepayingOrders(t.database.db, indian, 'rupee-plus-180', 1, addDays(today, -40));
    const [c = 0] = await createRepayingOrders(t.database.db, indian, 'rupee-plus-180', 1, addDays(today, 20));
    for (const days of [-94, -64, -34, 0]) await sweepOrders(t.database.db, noon(addDays(today, days)));

    // A pays part of what it owes while overdue: what reached its installments is collected on a late order.
    const [orderA] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, a));
    expect((await recordTransfer(t.app, orderA?.orderNo ?? '', 300_000, 'NEFT 1')).code).toBe(0);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);

    const plans = await t.database.db.select().from(loanInstallments).where(inArray(loanInstallments.orderId, [a, b, c])).orderBy(asc(loanInstallments.orderId), asc(loanInstallments.seq));
    const principalLeft = (id: number) => plans.filter((i) => i.orderId === id).reduce((sum, i) => sum + i.principalMinor - i.principalPaidMinor, 0);
    const [pa, pb, pc] = [principalLeft(a), principalLeft(b), principalLeft(c)];

    // Portfolio at risk: A is 40 days late, B 95, C not yet due.
    const par = await get<ParReport>(BookHealthPath.par, `market=IN&productId=${productId}`);
    expect(par.status).toBe(200);
    const outstanding = pa + pb + pc;
    const productRow = {
      productId,
      productCode: 'rupee-plus-180',
      outstandingMinor: outstanding,
      par1Minor: pa + pb,
      par30Minor: pa + pb,
      par60Minor: pb,
      par90Minor: pb,
      par1Bp: bp(pa + pb, outstanding),
      par30Bp: bp(pa + pb, outstanding),
      par60Bp: bp(pb, outstanding),
      par90Bp: bp(pb, outstanding),
      writtenOffMinor: 0,
    };
    expect(par.body.data).toEqual({ market: 'IN', currency: 'INR', asOf: today, items: [productRow, { ...productRow, productId: null, productCode: 'all' }] });

    // Vintages: each order's month of payout; B is 30+ days late from 30 days after its first due date, A from 30 days after its own.
    const vintages = await get<VintageReport>(BookHealthPath.vintages, `market=IN&productId=${productId}`);
    const book = await t.database.db.select().from(loanOrders).where(inArray(loanOrders.id, [a, b, c]));
    const paidOut = new Map(book.map((o) => [o.id, formatDate(o.disbursedAt ?? new Date(), 'IN')]));
    const principal = new Map(book.map((o) => [o.id, o.principalMinor]));
    const firstDue = new Map([[a, addDays(today, -40)], [b, addDays(today, -95)], [c, addDays(today, 20)]]);
    const expected = [];
    const byVintage = new Map<string, number[]>();
    for (const id of [a, b, c]) {
      const month = (paidOut.get(id) ?? '').slice(0, 7);
      if (`${month}-01` >= monthStart(today, 0) || `${month}-01` < monthStart(today, 12)) continue;
      byVintage.set(month, [...(byVintage.get(month) ?? []), id]);
    }
    for (const [vintage, ids] of [...byVintage].sort()) {
      const lastDay = addDays(plusMonths(`${vintage}-01`, 1), -1);
      for (let mob = 1; mob <= 12 && plusMonths(lastDay, mob) <= today; mob += 1) {
        const late = ids.filter((id) => addDays(firstDue.get(id) ?? '', 30) <= plusMonths(paidOut.get(id) ?? '', mob));
        const disbursed = ids.reduce((sum, id) => sum + (principal.get(id) ?? 0), 0);
        const lateMinor = late.reduce((sum, id) => sum + (principal.get(id) ?? 0), 0);
        expected.push({ vintage, monthOnBook: mob, orders: ids.length, disbursedMinor: disbursed, late30Minor: lateMinor, late30Bp: bp(lateMinor, disbursed) });
      }
    }
    expect(vintages.body.data.items).toEqual(expected);
    expect(expected.some((point) => point.late30Minor > 0)).toBe(true);

    // Roll rates: the market's moves (only B's and A's are late in India), read at each month end.
    const moves = await t.database.db.select().from(delinquencyMoves).where(eq(delinquencyMoves.market, 'IN')).orderBy(asc(delinquencyMoves.id));
    const bucketAt = (id: number, day: string) => moves.filter((m) => m.orderId === id && m.movedOn <= day).at(-1)?.toBucket;
    const rolls = [];
    for (let k = 5; k >= 0; k -= 1) {
      const before = addDays(monthStart(today, k + 1), -1);
      const after = addDays(monthStart(today, k), -1);
      const counts = new Map<string, number>();
      for (const id of [a, b]) {
        const from = bucketAt(id, before);
        if (!from) continue;
        const key = `${from}>${bucketAt(id, after) ?? 'cured'}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      for (const [key, orders] of [...counts].sort()) {
        const [fromBucket = '', toBucket = ''] = key.split('>');
        const fromTotal = [...counts].filter(([other]) => other.startsWith(`${fromBucket}>`)).reduce((sum, [, n]) => sum + n, 0);
        rolls.push({ month: after.slice(0, 7), fromBucket, toBucket, orders, shareBp: bp(orders, fromTotal) });
      }
    }
    const roll = await get<RollRateReport>(BookHealthPath.rollRates, 'market=IN');
    expect(roll.body.data.buckets).toEqual(['SMA-0', 'SMA-1', 'SMA-2', 'NPA', 'cured']);
    expect(rolls.length).toBeGreaterThan(0);
    expect(roll.body.data.items).toEqual(rolls);

    // Collections efficiency this month: what A's payment put into installments over every installment late this month, whole.
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, a));
    const collected = (payment?.allocation ?? []).filter((line) => line.seq !== null).reduce((sum, line) => sum + line.amountMinor, 0);
    expect(payment?.statusBefore).toBe(180);
    const lateThisMonth = plans.filter((i) => (i.dueDate ?? '') < today).reduce((sum, i) => sum + i.amountMinor, 0);
    const efficiency = await get<EfficiencyReport>(BookHealthPath.efficiency, `market=IN&productId=${productId}&months=1`);
    expect(efficiency.body.data.items).toEqual([{ month: today.slice(0, 7), lateMinor: lateThisMonth, collectedMinor: collected, efficiencyBp: bp(collected, lateThisMonth) }]);

    // Promises: the borrower's in the app, decided each way.
    await t.database.db.insert(promisesToPay).values([
      { orderId: a, market: 'IN', borrowerId: indian, amountMinor: 100_000, promisedOn: today, state: 'kept', keptMinor: 100_000 },
      { orderId: a, market: 'IN', borrowerId: indian, amountMinor: 50_000, promisedOn: today, state: 'partly-kept', keptMinor: 20_000 },
      { orderId: b, market: 'IN', borrowerId: indian, amountMinor: 70_000, promisedOn: today, state: 'broken' },
      { orderId: b, market: 'IN', borrowerId: indian, amountMinor: 10_000, promisedOn: addDays(today, 2) },
    ]);
    // And an agent's, taken on the late orders through the collections desk: a row of their own.
    const [orderB] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, b));
    for (const [orderNo, amountMinor] of [[orderA?.orderNo ?? '', 40_000], [orderB?.orderNo ?? '', 25_000]] as const) {
      expect((await staffCall(t, agent, 'POST', CollectionsWorkPath.promises.replace(':orderNo', orderNo), { amountMinor, promisedOn: addDays(today, 1) })).status).toBe(200);
    }
    const [agentRow] = await t.database.db.select({ agentId: promisesToPay.agentId }).from(promisesToPay).where(eq(promisesToPay.amountMinor, 40_000));
    const agentId = agentRow?.agentId ?? 0;
    expect(agentId).toBeGreaterThan(0);
    const promises = await get<PromisesReport>(BookHealthPath.promises, 'market=IN');
    expect(promises.body.data.items).toEqual([
      { agentId, agentEmail: 'agent@lender.example', promises: 2, open: 2, kept: 0, partlyKept: 0, broken: 0, promisedMinor: 65_000, keptMinor: 0, keptBp: 0 },
      { agentId: null, agentEmail: null, promises: 4, open: 1, kept: 1, partlyKept: 1, broken: 1, promisedMinor: 230_000, keptMinor: 120_000, keptBp: 3333 },
    ]);

    // Each report's CSV holds the same figures, amounts beside the market's currency.
    expect(await csv(BookHealthPath.promises, 'market=IN')).toEqual([
      'agent_id,agent_email,promises,open,kept,partly_kept,broken,promised,kept_amount,kept_bp,currency',
      `${agentId},agent@lender.example,2,2,0,0,0,650.00,0.00,0,INR`,
      ',,4,1,1,1,1,2300.00,1200.00,3333,INR',
      '',
    ]);
    const parCsv = await csv(BookHealthPath.par, `market=IN&productId=${productId}`);
    expect(parCsv[0]).toBe('product_code,outstanding,par1,par30,par60,par90,par1_bp,par30_bp,par60_bp,par90_bp,written_off,currency');
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(parCsv[1]).toBe(`rupee-plus-180,${major(outstanding)},${major(pa + pb)},${major(pa + pb)},${major(pb)},${major(pb)},${productRow.par1Bp},${productRow.par30Bp},${productRow.par60Bp},${productRow.par90Bp},0.00,INR`);
    expect((await csv(BookHealthPath.efficiency, `market=IN&productId=${productId}&months=1`))[1]).toBe(`${today.slice(0, 7)},${major(lateThisMonth)},${major(collected)},${bp(collected, lateThisMonth)},INR`);
    const vintageCsv = await csv(BookHealthPath.vintages, `market=IN&productId=${productId}`);
    expect(vintageCsv.length).toBe(expected.length + 2);
    expect(vintageCsv[0]).toBe('vintage,month_on_book,orders,disbursed,late30,late30_bp,currency');
    expect(vintageCsv.slice(1, -1).every((line) => line.endsWith(',INR'))).toBe(true);
    // Roll rates count orders and share them: no amount, so no currency.
    expect((await csv(BookHealthPath.rollRates, 'market=IN')).length).toBe(rolls.length + 2);
  });

  it('refuses a market it does not know, and a desk the reports are not for', async () => {
    expect((await get(BookHealthPath.par, 'market=XX')).status).toBe(400);
    // A credit officer works orders and payments, not the late book: each report and its CSV are refused.
    for (const path of Object.values(BookHealthPath)) {
      expect((await staffCall(t, officer, 'GET', `${path}?market=MX`)).status, path).toBe(403);
      expect((await staffCall(t, officer, 'GET', `${path}.csv?market=MX`)).status, `${path}.csv`).toBe(403);
    }
    expect((await staffCall(t, agent, 'GET', `${BookHealthPath.par}?market=MX`)).status).toBe(200);
  });

  it('takes a written-off loan out of the outstanding book and counts its principal as written off (docs/decisions/244)', async () => {
    const today = formatDate(clock.now(), 'IN');
    const [product] = await t.database.db.select().from(products).where(eq(products.code, 'rupee-easy-91'));
    const query = `market=IN&productId=${product?.id ?? 0}`;
    const borrower = Number((await openSession(t.app, '9877790022', 'IN')).userId);
    const [d = 0] = await createRepayingOrders(t.database.db, borrower, 'rupee-easy-91', 1, addDays(today, -200));
    await sweepOrders(t.database.db, noon(addDays(today, -100)));
    const principal = (await t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, d))).reduce((sum, i) => sum + i.principalMinor - i.principalPaidMinor, 0);
    const before = (await get<ParReport>(BookHealthPath.par, query)).body.data.items.at(-1);
    await sweepOrders(t.database.db, noon(today));
    const after = (await get<ParReport>(BookHealthPath.par, query)).body.data.items.at(-1);
    expect(after?.outstandingMinor).toBe((before?.outstandingMinor ?? 0) - principal);
    expect(after?.par90Minor).toBe((before?.par90Minor ?? 0) - principal);
    expect(after?.writtenOffMinor).toBe((before?.writtenOffMinor ?? 0) + principal);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});
