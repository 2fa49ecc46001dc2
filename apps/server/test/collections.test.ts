import { BorrowerCollectionsPath, BorrowerPlanPath, CollectionsWorkPath, ERROR_MESSAGES, MACHINE_BASE, type BorrowerPromises, ErrorCode, type CollectionOrder, type CollectionQueueItem, type CollectionQueuePage, type PromiseView } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { sweepOrders } from '../src/modules/order-clock';
import { checkLedger } from '../src/modules/payments';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';
import { signedInDesks, signedInStaff, signIn, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let clock: Clock;
let admin: StaffSession;
let agent: StaffSession;
let second: StaffSession;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// 10:00 in Mexico City, 21:30 in Kolkata: Mexico's hours are open, India's closed.
const START = new Date('2026-06-10T16:00:00Z');

beforeAll(async () => {
  clock = testClock(START);
  t = await createTestApp({ seed: true, now: clock.now });
  ({ admin, agent } = await signedInDesks(t, clock));
  second = await signedInStaff(t, clock, admin, 'second.agent@lender.example', 'agent');
});
afterAll(async () => t?.close());

/** A day later the staff's sessions have idled out: each signs in again with their authenticator. */
async function nextDay(days = 1): Promise<void> {
  clock.advance(days * DAY);
  const again = (email: string, who: StaffSession) => signIn(t, clock, email, 'correct horse battery staple', who.secret, who.device);
  admin = await again('admin@lender.example', admin);
  agent = await again('agent@lender.example', agent);
  second = await again('second.agent@lender.example', second);
}

const numbersOf = async (ids: number[]) => (await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(inArray(loanOrders.id, ids))).map((row) => row.orderNo);

/** Late orders of a new borrower of the market, `daysLate` days past due by the clock's sweep now. */
async function lateOrders(phone: string, market: 'MX' | 'IN', count: number, daysLate: number): Promise<string[]> {
  const borrower = Number((await openSession(t.app, phone, market)).userId);
  const due = addDays(formatDate(clock.now(), market), -daysLate);
  const ids = await createRepayingOrders(t.database.db, borrower, market === 'MX' ? 'peso-flex-91' : 'rupee-easy-91', count, due);
  await sweepOrders(t.database.db, clock.now());
  return numbersOf(ids);
}

const queue = (who: StaffSession, query: string) => staffCall<CollectionQueuePage>(t, who, 'GET', `${CollectionsWorkPath.queue}?${query}`);
const file = (who: StaffSession, orderNo: string) => staffCall<CollectionOrder>(t, who, 'GET', CollectionsWorkPath.order.replace(':orderNo', orderNo));
const contact = (who: StaffSession, orderNo: string, outcome = 'no-answer') => staffCall<CollectionOrder>(t, who, 'POST', CollectionsWorkPath.contacts.replace(':orderNo', orderNo), { channel: 'call', outcome, note: 'Called the mobile' });
const promise = (who: StaffSession, orderNo: string, amountMinor: number, promisedOn: string) => staffCall<PromiseView>(t, who, 'POST', CollectionsWorkPath.promises.replace(':orderNo', orderNo), { amountMinor, promisedOn });

describe('the collections queue (docs/decisions/243)', () => {
  it('lists a market’s late orders latest first, and two agents taking at once never take the same order', async () => {
    const older = await lateOrders('5577800001', 'MX', 1, 45);
    const newer = await lateOrders('5577800002', 'MX', 3, 5);
    const page = await queue(agent, 'market=MX&assignee=unassigned&limit=100');
    expect(page.code).toBe(0);
    const mine = page.data.items.filter((item) => [...older, ...newer].includes(item.orderNo));
    expect(mine.map((item) => item.orderNo)[0]).toBe(older[0]);
    // A borrower who never gave their name is named '' (the screen shows their id).
    expect(mine[0]).toMatchObject({ bucket: '31-60', daysPastDue: 45, currency: 'MXN', assignee: null, borrowerName: '' });
    expect(mine.every((item) => item.owedMinor > 0)).toBe(true);

    const taken = await Promise.all([agent, second, agent, second].map((who) => staffCall<CollectionQueueItem | null>(t, who, 'POST', CollectionsWorkPath.takeNext, { market: 'MX' })));
    const orderNos = taken.map((answer) => answer.data?.orderNo);
    expect(taken.every((answer) => answer.code === 0)).toBe(true);
    expect(new Set(orderNos).size).toBe(orderNos.length);
    expect((await queue(agent, 'market=MX&assignee=me&limit=100')).data.items.every((item) => item.assignee?.email === 'agent@lender.example')).toBe(true);
  });

  it('lets a supervisor share the rest evenly among the agents, and give one to an agent by hand; an agent may not', async () => {
    await lateOrders('5577800003', 'MX', 4, 12);
    const shared = await staffCall<{ assigned: number }>(t, admin, 'POST', CollectionsWorkPath.assignEvenly, { market: 'MX' });
    expect(shared.code).toBe(0);
    expect(shared.data.assigned).toBeGreaterThanOrEqual(4);
    expect((await queue(admin, 'market=MX&assignee=unassigned')).data.total).toBe(0);
    const counts = await Promise.all([agent, second].map(async (who) => (await queue(who, 'market=MX&assignee=me&limit=100')).data.total));
    expect(Math.abs((counts[0] ?? 0) - (counts[1] ?? 0))).toBeLessThanOrEqual(2);

    const [orderNo = ''] = await lateOrders('5577800004', 'MX', 1, 3);
    expect((await staffCall(t, agent, 'POST', CollectionsWorkPath.assign, { orderNos: [orderNo], agentId: 1 })).status).toBe(403);
    const secondId = (await queue(second, 'market=MX&assignee=me&limit=1')).data.items[0]?.assignee?.staffId ?? 0;
    expect((await staffCall(t, admin, 'POST', CollectionsWorkPath.assign, { orderNos: [orderNo], agentId: secondId })).data).toEqual({ assigned: 1 });
    expect((await file(admin, orderNo)).data.item.assignee?.email).toBe('second.agent@lender.example');
  });
});

describe('conduct rules, enforced by the server', () => {
  it('refuses a contact out of India’s hours in the borrower’s zone, and past Mexico’s cap of three a day and ten a week', async () => {
    const [indian = ''] = await lateOrders('9877800001', 'IN', 1, 10);
    const outOfHours = await contact(agent, indian);
    expect(outOfHours).toMatchObject({ status: 409, code: ErrorCode.CollectionOutsideHours, message: ERROR_MESSAGES[ErrorCode.CollectionOutsideHours].en.replace('{field}', '8:00–19:00') });
    expect((await file(agent, indian)).data).toMatchObject({ contacts: [], contactAllowed: { allowed: false } });

    const [mexican = ''] = await lateOrders('5577800005', 'MX', 1, 10);
    for (let i = 0; i < 3; i += 1) expect((await contact(agent, mexican)).code).toBe(0);
    expect(await contact(agent, mexican)).toMatchObject({ status: 429, code: ErrorCode.CollectionDailyCap });
    // Another agent's order is not theirs to work.
    expect((await contact(second, mexican)).code).toBe(ErrorCode.CollectionOrderTaken);
    for (let day = 1; day <= 3; day += 1) {
      await nextDay();
      const allowed = day < 3 ? 3 : 1;
      for (let i = 0; i < allowed; i += 1) expect((await contact(agent, mexican)).code).toBe(0);
    }
    expect(await contact(agent, mexican)).toMatchObject({ code: ErrorCode.CollectionWeeklyCap });
    expect((await file(agent, mexican)).data.contacts).toHaveLength(10);
  });
});

describe('promises to pay', () => {
  it('are taken within the market’s limits, and kept, partly kept or broken by the money that arrives', async () => {
    await nextDay();
    const [kept = '', partly = '', broken = ''] = await lateOrders('5577800006', 'MX', 3, 8);
    const today = formatDate(clock.now(), 'MX');
    expect((await promise(agent, kept, 10_000, addDays(today, 8))).code).toBe(ErrorCode.PromiseDateOutOfRange);
    expect((await promise(agent, kept, 0, today)).code).toBe(ErrorCode.PromiseAmountOutOfRange);
    expect((await promise(agent, kept, 100_000_000, today)).code).toBe(ErrorCode.PromiseAmountOutOfRange);
    for (const orderNo of [kept, partly, broken]) expect((await promise(agent, orderNo, 100_000, addDays(today, 2))).code).toBe(0);
    expect((await queue(agent, 'market=MX&sort=promise&limit=1')).data.items[0]?.nextPromiseOn).toBe(addDays(today, 2));

    expect((await recordTransfer(t.app, kept, 100_000, 'OXXO 1')).code).toBe(0);
    expect((await recordTransfer(t.app, partly, 40_000, 'OXXO 2')).code).toBe(0);
    // On the promised day itself nothing is decided yet.
    await nextDay(2);
    expect((await staffCall(t, admin, 'POST', CollectionsWorkPath.promisesCheck)).data).toEqual({ kept: 0, partlyKept: 0, broken: 0 });
    await nextDay();
    expect((await staffCall(t, admin, 'POST', CollectionsWorkPath.promisesCheck)).data).toEqual({ kept: 1, partlyKept: 1, broken: 1 });
    const states = await Promise.all([kept, partly, broken].map(async (orderNo) => (await file(agent, orderNo)).data.promises[0]));
    expect(states.map((p) => [p?.state, p?.keptMinor])).toEqual([
      ['kept', 100_000],
      ['partly-kept', 40_000],
      ['broken', 0],
    ]);
    expect(states[0]?.madeBy).toBe('agent@lender.example');
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});

describe('the borrower in trouble', () => {
  async function asBorrower(who: BorrowerSession, path: string, body: Record<string, unknown>, language = '2') {
    const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${path}?${sessionQuery(who, { language })}`, payload: body });
    return response.json<{ code: number; message: string; data: BorrowerPromises }>();
  }

  it('promises to pay on their late loan within the limits, in their language; another borrower’s loan is not theirs', async () => {
    await nextDay();
    const who = await openSession(t.app, '5577800008', 'MX');
    const due = addDays(formatDate(clock.now(), 'MX'), -6);
    const [id = 0] = await createRepayingOrders(t.database.db, Number(who.userId), 'peso-flex-91', 1, due);
    await sweepOrders(t.database.db, clock.now());
    const [orderNo = ''] = await numbersOf([id]);
    const today = formatDate(clock.now(), 'MX');
    const view = await asBorrower(who, BorrowerCollectionsPath.promises, { orderId: orderNo });
    expect(view.data).toMatchObject({ late: true, currency: 'MXN', firstDay: today, lastDay: addDays(today, 7), promises: [] });
    const late = await asBorrower(who, BorrowerCollectionsPath.promise, { orderId: orderNo, amountMinor: 50_000, promisedOn: addDays(today, 9) });
    expect(late).toMatchObject({ code: ErrorCode.PromiseDateOutOfRange, message: ERROR_MESSAGES[ErrorCode.PromiseDateOutOfRange].es.replace('{field}', addDays(today, 7)) });
    const made = await asBorrower(who, BorrowerCollectionsPath.promise, { orderId: orderNo, amountMinor: 50_000, promisedOn: addDays(today, 3) });
    expect(made.data.promises).toMatchObject([{ amountMinor: 50_000, promisedOn: addDays(today, 3), madeBy: 'borrower', state: 'open' }]);
    // The agent sees it in the order's file, and the borrower in their data download.
    expect((await file(agent, orderNo)).data.promises[0]).toMatchObject({ madeBy: 'borrower', amountMinor: 50_000 });
    const download = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}/v3/privacy/my-data?${sessionQuery(who)}` });
    expect(download.json<{ data: { collections: { promises: unknown[] } } }>().data.collections.promises).toMatchObject([{ amountMinor: 50_000, madeBy: 'borrower', state: 'open' }]);

    const stranger = await openSession(t.app, '5577800009', 'MX');
    expect((await asBorrower(stranger, BorrowerCollectionsPath.promise, { orderId: orderNo, amountMinor: 10_000, promisedOn: today })).code).toBe(ErrorCode.NotFound);
  });

  it('asks for a payment plan on their late loan: what they can pay each week or fortnight and why; one waits at a time, and the agent reads it (docs/decisions/248)', async () => {
    const who = await openSession(t.app, '5577800010', 'MX');
    const due = addDays(formatDate(clock.now(), 'MX'), -12);
    const [id = 0] = await createRepayingOrders(t.database.db, Number(who.userId), 'peso-flex-91', 1, due);
    const [onTime = 0] = await createRepayingOrders(t.database.db, Number(who.userId), 'peso-flex-91', 1, addDays(due, 60));
    await sweepOrders(t.database.db, clock.now());
    const [orderNo = ''] = await numbersOf([id]);
    const [onTimeNo = ''] = await numbersOf([onTime]);
    const ask = (body: Record<string, unknown>) => asBorrower(who, BorrowerPlanPath.planRequest, { orderId: orderNo, frequency: 'fortnight', reason: 'income-cut', ...body });
    const tooMuch = await ask({ amountMinor: 999_999_999 });
    expect(tooMuch).toMatchObject({ code: ErrorCode.PlanAmountOutOfRange, message: ERROR_MESSAGES[ErrorCode.PlanAmountOutOfRange].es });
    const asked = await ask({ amountMinor: 80_000, note: 'Me recortaron el sueldo a la mitad' });
    expect(asked.code).toBe(0);
    expect(asked.data.planRequest).toMatchObject({ amountMinor: 80_000, frequency: 'fortnight', reason: 'income-cut', state: 'open', note: 'Me recortaron el sueldo a la mitad' });
    // Two more at once: both refused while the first waits.
    const again = await Promise.all([ask({ amountMinor: 50_000 }), ask({ amountMinor: 60_000 })]);
    expect(again.map((answer) => answer.code)).toEqual([ErrorCode.PlanRequestOpen, ErrorCode.PlanRequestOpen]);
    expect((await asBorrower(who, BorrowerPlanPath.planRequest, { orderId: onTimeNo, amountMinor: 10_000, frequency: 'week', reason: 'illness' })).code).toBe(ErrorCode.CollectionOrderNotLate);
    expect((await file(agent, orderNo)).data.planRequests).toMatchObject([{ amountMinor: 80_000, frequency: 'fortnight', reason: 'income-cut', state: 'open' }]);
    const download = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}/v3/privacy/my-data?${sessionQuery(who)}` });
    expect(download.json<{ data: { collections: { planRequests: unknown[] } } }>().data.collections.planRequests).toMatchObject([{ amountMinor: 80_000, note: 'Me recortaron el sueldo a la mitad' }]);
  });
});

describe('the operator token', () => {
  it('may read the queue but not work an order: a contact is a named person’s', async () => {
    const [orderNo = ''] = await lateOrders('5577800007', 'MX', 1, 4);
    const token = await t.app.inject({ method: 'POST', url: `/operator/v1${CollectionsWorkPath.contacts.replace(':orderNo', orderNo)}`, headers: { authorization: 'Bearer test-operator-token-0123456789abcdef' }, payload: { channel: 'sms', outcome: 'no-answer' } });
    expect(token.statusCode).toBe(403);
    const [row] = await t.database.db.select({ id: loanOrders.id }).from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    expect(row).toBeDefined();
  });
});
