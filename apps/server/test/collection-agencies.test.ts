import { AgencyPath, BorrowerCollectionsPath, CollectionsWorkPath, ERROR_MESSAGES, ErrorCode, MACHINE_BASE, type Agency, type BorrowerPromises, type CollectionMessageTemplates, type CollectionOrder } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { auditLog, loanOrders, smsOutbox } from '../src/db/schema';
import { tellBorrowersOfAgencies } from '../src/modules/collections';
import { createSmsProvider } from '../src/providers/sms/create-sms-provider';
import { sweepOrders } from '../src/modules/order-clock';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, sessionQuery, type TestApp } from './helper';
import { signedInDesks, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let clock: Clock;
let admin: StaffSession;
let agent: StaffSession;
let officer: StaffSession;
// 10:00 in Mexico City, 21:30 in Kolkata: Mexico's contact hours are open, India's closed.
const START = new Date('2026-06-10T16:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  clock = testClock(START);
  t = await createTestApp({ seed: true, now: clock.now });
  ({ admin, agent, officer } = await signedInDesks(t, clock));
});
afterAll(async () => t?.close());

const mexicanAgency = { market: 'MX', name: 'Cobranza Justa SA de CV', registration: 'REDECO-0042-2026', phone: '+52 55 5555 0101', email: 'avisos@cobranzajusta.mx', address: 'Av. Reforma 10, CDMX' };

describe('outside collection agencies (docs/decisions/249)', () => {
  it('keeps a register per market, places a late order with an agency the borrower is told of, and recalls it; audited', async () => {
    // Mexico's agencies carry their REDECO registration; only administrators keep the register.
    const unregistered = await staffCall<null>(t, admin, 'POST', `${AgencyPath.agencies}?language=2`, { ...mexicanAgency, registration: '' });
    expect(unregistered).toMatchObject({ code: ErrorCode.AgencyRegistrationMissing, message: ERROR_MESSAGES[ErrorCode.AgencyRegistrationMissing].es });
    expect((await staffCall<null>(t, agent, 'POST', AgencyPath.agencies, mexicanAgency)).code).toBe(ErrorCode.StaffRoleRefused);
    const agency = (await staffCall<Agency>(t, admin, 'POST', AgencyPath.agencies, mexicanAgency)).data;
    expect(agency).toMatchObject({ ...mexicanAgency, active: true });
    const indian = (await staffCall<Agency>(t, admin, 'POST', AgencyPath.agencies, { market: 'IN', name: 'Fair Recovery Pvt Ltd', registration: '', phone: '+91 22 5555 0101', address: '12 MG Road, Mumbai' })).data;

    const borrower = await openSession(t.app, '5577820001', 'MX');
    const [id = 0] = await createRepayingOrders(t.database.db, Number(borrower.userId), 'peso-flex-91', 1, addDays(formatDate(clock.now(), 'MX'), -70));
    await sweepOrders(t.database.db, clock.now());
    const [order] = await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.id, id));
    const orderNo = order?.orderNo ?? '';
    const place = (who: StaffSession, agencyId: number) => staffCall<CollectionOrder>(t, who, 'POST', AgencyPath.placement.replace(':orderNo', orderNo), { agencyId, note: 'Ninety days without contact' });

    // Not an agent's decision; not an agency of another market.
    expect((await place(agent, agency.id)).code).toBe(ErrorCode.StaffRoleRefused);
    expect((await place(officer, indian.id)).code).toBe(ErrorCode.AgencyUnavailable);
    const placed = await place(officer, agency.id);
    expect(placed.data.agency).toMatchObject({ agency: { id: agency.id, name: mexicanAgency.name }, placedBy: 'officer@lender.example', note: 'Ninety days without contact' });
    // Within Mexico's hours the borrower is told at once who collects now, with its registration and phone.
    expect(placed.data.agency?.notice).toEqual({ state: 'sent', at: clock.now().toISOString() });
    const [notice] = await inbox('5577820001');
    expect(notice).toMatchObject({ kind: 'agency-notice' });
    expect(notice?.text).toContain(`${mexicanAgency.name} gestiona el cobro de tu préstamo ${orderNo}`);
    expect(notice?.text).toContain(`Registro ${mexicanAgency.registration}, tel. ${mexicanAgency.phone}`);
    // Every message from the workspace names the agency, collecting for the lender.
    const templates = await staffCall<CollectionMessageTemplates>(t, agent, 'GET', CollectionsWorkPath.messages.replace(':orderNo', orderNo));
    for (const item of templates.data.items.filter((each) => each.available)) expect(item.text).toMatch(new RegExp(`^${mexicanAgency.name} por cuenta de `));
    expect((await place(officer, agency.id)).code).toBe(ErrorCode.OrderWithAgency);
    expect((await staffCall<CollectionOrder>(t, agent, 'GET', CollectionsWorkPath.order.replace(':orderNo', orderNo))).data.agency?.agency.registration).toBe(mexicanAgency.registration);

    // The borrower's screen names who collects, with its registration and how to reach it.
    const view = async () =>
      (await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${BorrowerCollectionsPath.promises}?${sessionQuery(borrower)}`, payload: { orderId: orderNo } })).json<{ data: BorrowerPromises }>().data;
    expect((await view()).collector).toEqual({ name: mexicanAgency.name, registration: mexicanAgency.registration, phone: mexicanAgency.phone, email: mexicanAgency.email, address: mexicanAgency.address });

    // An agency no longer active takes no new order; the one placed stays until recalled.
    expect((await staffCall<Agency>(t, admin, 'PUT', AgencyPath.agency.replace(':agencyId', String(agency.id)), { ...mexicanAgency, active: false })).data.active).toBe(false);
    const recalled = await staffCall<CollectionOrder>(t, officer, 'POST', AgencyPath.recall.replace(':orderNo', orderNo), { note: 'Complaint about the agency' });
    expect(recalled.data.agency).toBeNull();
    expect((await view()).collector).toBeNull();
    expect((await staffCall<null>(t, officer, 'POST', AgencyPath.recall.replace(':orderNo', orderNo), {})).code).toBe(ErrorCode.OrderNotWithAgency);
    expect((await place(officer, agency.id)).code).toBe(ErrorCode.AgencyUnavailable);
    const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['collections.agency.add', 'collections.agency.change', 'collections.agency.place', 'collections.agency.recall']));
  });

  it("tells the borrower of a placement only within the market's contact hours: out of them the notice waits for the job", async () => {
    const indian = (await staffCall<Agency>(t, admin, 'POST', AgencyPath.agencies, { market: 'IN', name: 'Fair Recovery Pvt Ltd', registration: '', phone: '+91 22 5555 0102', address: '12 MG Road, Mumbai' })).data;
    const borrower = await openSession(t.app, '9877820001', 'IN');
    const [id = 0] = await createRepayingOrders(t.database.db, Number(borrower.userId), 'rupee-easy-91', 1, addDays(formatDate(clock.now(), 'IN'), -70));
    await sweepOrders(t.database.db, clock.now());
    const [order] = await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.id, id));
    const orderNo = order?.orderNo ?? '';

    // 21:30 in Kolkata: placed, but nobody is told yet, and the file says so.
    const placed = await staffCall<CollectionOrder>(t, officer, 'POST', AgencyPath.placement.replace(':orderNo', orderNo), { agencyId: indian.id, note: '' });
    expect(placed.data.agency?.notice).toEqual({ state: 'waiting', at: null });
    const sms = createSmsProvider(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' }), t.database.db);
    expect(await tellBorrowersOfAgencies({ db: t.database.db, sms, log: t.app.log }, clock.now())).toEqual({ sent: 0, failed: 0 });
    expect(await inbox('9877820001')).toEqual([]);

    // 09:00 the next morning the job's pass sends it, once: a second pass finds nothing to send.
    const morning = new Date(clock.now().getTime() + 11.5 * HOUR);
    expect(await tellBorrowersOfAgencies({ db: t.database.db, sms, log: t.app.log }, morning)).toEqual({ sent: 1, failed: 0 });
    expect(await tellBorrowersOfAgencies({ db: t.database.db, sms, log: t.app.log }, morning)).toEqual({ sent: 0, failed: 0 });
    const sent = await inbox('9877820001');
    expect(sent.map((message) => message.text)).toEqual([`Demo Lending Finance Pvt. Ltd. (demo): from today Fair Recovery Pvt Ltd collects your loan ${orderNo} on our behalf. Phone +91 22 5555 0102. Pay only in the app.`]);
  });
});

/** What the sandbox delivered to a phone, newest first. */
const inbox = (phone: string) => t.database.db.select().from(smsOutbox).where(like(smsOutbox.phone, `%${phone}`)).orderBy(desc(smsOutbox.id));
