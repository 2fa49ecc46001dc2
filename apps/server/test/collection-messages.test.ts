import { CollectionsWorkPath, ErrorCode, type CollectionMessageTemplates, type CollectionOrder, type PromiseRates, type PromiseView } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { desc, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders, smsOutbox } from '../src/db/schema';
import { remindPromisesDue } from '../src/modules/collections';
import { sendCollectionMessage } from '../src/modules/collections/collection-messages';
import { companyFacts } from '../src/modules/company';
import { sweepOrders } from '../src/modules/order-clock';
import { checkLedger } from '../src/modules/payments';
import { createSmsProvider } from '../src/providers/sms/create-sms-provider';
import { SmsDeliveryError, type SmsProvider } from '../src/providers/sms/sms-provider';
import { loadConfig } from '../src/config';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';
import { signedInDesks, signedInStaff, signIn, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let clock: Clock;
let admin: StaffSession;
let agent: StaffSession;
let second: StaffSession;
let sandbox: SmsProvider;
const HOUR = 3_600_000;

// 10:00 in Mexico City, 21:30 in Kolkata: Mexico's hours are open, India's closed.
const START = new Date('2026-06-10T16:00:00Z');

beforeAll(async () => {
  clock = testClock(START);
  t = await createTestApp({ seed: true, now: clock.now });
  ({ admin, agent } = await signedInDesks(t, clock));
  second = await signedInStaff(t, clock, admin, 'second.agent@lender.example', 'agent');
  sandbox = createSmsProvider(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' }), t.database.db);
});
afterAll(async () => t?.close());

/** Later by `ms`; the staff's sessions have idled out, so each signs in again with their authenticator. */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
  const again = (email: string, who: StaffSession) => signIn(t, clock, email, 'correct horse battery staple', who.secret, who.device);
  admin = await again('admin@lender.example', admin);
  agent = await again('agent@lender.example', agent);
  second = await again('second.agent@lender.example', second);
}

/** Late orders of a new borrower of the market (their phone's national digits), `daysLate` days past due by the clock's sweep now. */
async function lateOrders(phone: string, market: 'MX' | 'IN', count: number, daysLate: number): Promise<string[]> {
  const borrower = Number((await openSession(t.app, phone, market)).userId);
  const ids = await createRepayingOrders(t.database.db, borrower, market === 'MX' ? 'peso-flex-91' : 'rupee-easy-91', count, addDays(formatDate(clock.now(), market), -daysLate));
  await sweepOrders(t.database.db, clock.now());
  return (await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(inArray(loanOrders.id, ids))).map((row) => row.orderNo);
}

/** What the sandbox delivered to a phone, newest first. */
const inbox = (phone: string) => t.database.db.select().from(smsOutbox).where(like(smsOutbox.phone, `%${phone}`)).orderBy(desc(smsOutbox.id));
const message = (who: StaffSession, orderNo: string, kind: string) => staffCall<CollectionOrder>(t, who, 'POST', CollectionsWorkPath.messages.replace(':orderNo', orderNo), { kind });
const file = (who: StaffSession, orderNo: string) => staffCall<CollectionOrder>(t, who, 'GET', CollectionsWorkPath.order.replace(':orderNo', orderNo));
const promise = (who: StaffSession, orderNo: string, amountMinor: number, promisedOn: string) => staffCall<PromiseView>(t, who, 'POST', CollectionsWorkPath.promises.replace(':orderNo', orderNo), { amountMinor, promisedOn });
const lender = async (market: 'MX' | 'IN') => (await companyFacts(t.database.db, market))?.name ?? 'no lender';

describe('SMS from the collections workspace (docs/decisions/246)', () => {
  it('sends a template naming the lender to the borrower’s phone as a contact, refused out of hours in the borrower’s zone and over the cap with nothing sent', async () => {
    const [mexican = ''] = await lateOrders('5577810001', 'MX', 1, 10);
    const [indian = ''] = await lateOrders('9877810001', 'IN', 1, 10);

    const templates = await staffCall<CollectionMessageTemplates>(t, agent, 'GET', CollectionsWorkPath.messages.replace(':orderNo', mexican));
    expect(templates.data.items.map((item) => [item.kind, item.available])).toEqual([
      ['collection-overdue', true],
      ['collection-call-us', true],
      ['collection-promise', false],
    ]);
    expect(templates.data.items[0]?.text).toContain(`: tu préstamo ${mexican} tiene pagos vencidos`);
    expect((await message(agent, mexican, 'collection-promise')).code).toBe(ErrorCode.CollectionMessageNoPromise);

    const sent = await message(agent, mexican, 'collection-overdue');
    expect(sent.code).toBe(0);
    expect(sent.data.contacts[0]).toMatchObject({ channel: 'sms', outcome: 'message-sent', messageKind: 'collection-overdue', agentEmail: 'agent@lender.example' });
    expect(sent.data.item.assignee?.email).toBe('agent@lender.example');
    const [delivered] = await inbox('5577810001');
    expect(delivered).toMatchObject({ kind: 'collection-overdue', provider: 'sandbox', status: 'delivered' });
    expect(delivered?.text).toBe(templates.data.items[0]?.text);
    expect(delivered?.text.startsWith(`${(await lender('MX')).replace('á', 'a')}:`)).toBe(true);

    // India at 21:30: out of its 8:00–19:00; nothing is sent and nothing recorded.
    expect(await message(agent, indian, 'collection-overdue')).toMatchObject({ status: 409, code: ErrorCode.CollectionOutsideHours });
    expect(await inbox('9877810001')).toEqual([]);
    expect((await file(agent, indian)).data.contacts).toEqual([]);

    // Three contacts a market day: the fourth is refused before the provider is asked.
    expect((await message(agent, mexican, 'collection-call-us')).code).toBe(0);
    expect((await inbox('5577810001'))[0]?.text).toContain('Por favor llama al');
    expect((await staffCall(t, agent, 'POST', CollectionsWorkPath.contacts.replace(':orderNo', mexican), { channel: 'call', outcome: 'no-answer' })).code).toBe(0);
    expect(await message(agent, mexican, 'collection-overdue')).toMatchObject({ status: 429, code: ErrorCode.CollectionDailyCap });
    expect(await inbox('5577810001')).toHaveLength(2);
    expect((await file(agent, mexican)).data.contacts).toHaveLength(3);
  });

  it('tells the agent when the provider refuses, and records no contact', async () => {
    const [orderNo = ''] = await lateOrders('5577810002', 'MX', 1, 4);
    const agentId = (await message(agent, (await lateOrders('5577810003', 'MX', 1, 4))[0] ?? '', 'collection-overdue')).data.item.assignee?.staffId ?? 0;
    const refusing: SmsProvider = {
      name: 'refusing',
      send: async () => {
        throw new SmsDeliveryError('blocked', 'refused');
      },
    };
    const actor = { kind: 'staff', staffId: agentId, email: 'agent@lender.example', role: 'agent', ip: '127.0.0.1', userAgent: null } as const;
    await expect(sendCollectionMessage({ db: t.database.db, sms: refusing, now: clock.now, borrowerNames: async () => new Map() }, orderNo, 'collection-overdue', actor)).rejects.toMatchObject({
      code: ErrorCode.CollectionMessageNotSent,
    });
    expect((await file(agent, orderNo)).data.contacts).toEqual([]);
    // Not counted: the borrower may still be contacted three times today.
    for (let i = 0; i < 3; i += 1) expect((await message(agent, orderNo, 'collection-overdue')).code).toBe(0);
  });

  it('is refused out of Mexico’s hours and sent in India’s, in English', async () => {
    // 23:00 in Mexico City, 10:30 in Kolkata.
    await later(13 * HOUR);
    const [mexican = ''] = await lateOrders('5577810004', 'MX', 1, 10);
    const [indian = ''] = await lateOrders('9877810004', 'IN', 1, 10);
    expect(await message(agent, mexican, 'collection-overdue')).toMatchObject({ code: ErrorCode.CollectionOutsideHours, message: expect.stringContaining('7:00–22:00') });
    expect(await inbox('5577810004')).toEqual([]);
    expect((await message(agent, indian, 'collection-overdue')).code).toBe(0);
    expect((await inbox('9877810004'))[0]?.text).toMatch(new RegExp(`^.+: your loan ${indian} is overdue\\. Amount owed: Rs\\.[\\d,]+\\.\\d\\d\\.`));
    expect((await inbox('9877810004'))[0]?.text.startsWith(await lender('IN'))).toBe(true);
  });
});

describe('the reminder on a promise’s day', () => {
  it('goes once however many passes run at once, only in the market’s hours that day, and counts against the caps', async () => {
    // Still 23:00 in Mexico City (10 June) and 10:30 in Kolkata (11 June).
    const [indian = ''] = await lateOrders('9877810005', 'IN', 1, 6);
    const [mexican = ''] = await lateOrders('5577810005', 'MX', 1, 6);
    expect((await promise(second, indian, 50_000, formatDate(clock.now(), 'IN'))).code).toBe(0);
    expect((await promise(second, mexican, 50_000, formatDate(clock.now(), 'MX'))).code).toBe(0);

    const deps = { db: t.database.db, sms: sandbox, log: t.app.log };
    const passes = await Promise.all([remindPromisesDue(deps, clock.now()), remindPromisesDue(deps, clock.now()), remindPromisesDue(deps, clock.now())]);
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(1);
    const reminders = await inbox('9877810005');
    expect(reminders.map((row) => row.kind)).toEqual(['promise-reminder']);
    expect(reminders[0]?.text).toContain(`today ${formatDate(clock.now(), 'IN').split('-').reverse().join('/')} you promised to pay Rs.500.00 for your loan ${indian}`);
    // Mexico's promise fell on a day whose hours are over: it is not reminded, then or later.
    expect(await inbox('5577810005')).toEqual([]);

    // The reminder was a contact: two more today, then the cap.
    for (let i = 0; i < 2; i += 1) expect((await message(second, indian, 'collection-promise')).code).toBe(0);
    expect((await message(second, indian, 'collection-overdue')).code).toBe(ErrorCode.CollectionDailyCap);

    await later(11 * HOUR);
    expect(await remindPromisesDue(deps, clock.now())).toEqual({ sent: 0, failed: 0 });
    expect(await inbox('5577810005')).toEqual([]);
  });
});

describe('the promise-kept rate', () => {
  it('counts each agent’s promises of the last 30 days by state, and weighs the rate by the amounts kept', async () => {
    const [kept = '', partly = '', broken = '', open = ''] = await lateOrders('5577810006', 'MX', 4, 8);
    const today = formatDate(clock.now(), 'MX');
    for (const orderNo of [kept, partly, broken]) expect((await promise(agent, orderNo, 100_000, addDays(today, 1))).code).toBe(0);
    expect((await promise(agent, open, 100_000, addDays(today, 7))).code).toBe(0);
    expect((await recordTransfer(t.app, kept, 100_000, 'OXXO 1')).code).toBe(0);
    expect((await recordTransfer(t.app, partly, 40_000, 'OXXO 2')).code).toBe(0);
    await later(48 * HOUR);
    expect((await staffCall(t, admin, 'POST', CollectionsWorkPath.promisesCheck)).data).toMatchObject({ kept: 1, partlyKept: 1 });

    const mine = await staffCall<PromiseRates>(t, agent, 'GET', `${CollectionsWorkPath.promiseRates}?market=MX`);
    expect(mine.data).toMatchObject({ market: 'MX', currency: 'MXN', to: formatDate(clock.now(), 'MX'), from: addDays(formatDate(clock.now(), 'MX'), -29) });
    expect(mine.data.agents).toEqual([
      { staffId: expect.any(Number), email: 'agent@lender.example', taken: 4, kept: 1, partlyKept: 1, broken: 1, open: 1, decidedMinor: 300_000, keptMinor: 140_000, rateBp: 4667 },
    ]);
    const everyone = await staffCall<PromiseRates>(t, admin, 'GET', `${CollectionsWorkPath.promiseRates}?market=MX`);
    expect(everyone.data.agents.map((row) => [row.email, row.taken, row.broken, row.rateBp])).toEqual([
      ['agent@lender.example', 4, 1, 4667],
      ['second.agent@lender.example', 1, 1, 0],
    ]);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});
