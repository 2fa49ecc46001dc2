import { ErrorCode, MachinePath, MACHINE_BASE, OperatorPath, SITE_API_BASE, SitePath, type CompanyFacts, type KeyFacts, type LenderFacts, type ServiceContacts } from '@lend/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { LENDER_COMMANDS } from '../src/cli/lender-commands';
import { createTestApp, openSession, operatorCommandLine, sessionQuery, type TestApp } from './helper';
import { callOperatorApi, getBorrower, productByCode } from './loan-helpers';
import { signedInAdmin, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

/** Each market's lender facts and customer-service contacts (docs/decisions/230). */
let t: TestApp;
const clock = testClock();
let admin: StaffSession;
let agent: StaffSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: clock.now });
  admin = await signedInAdmin(t, clock);
  agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
});
afterAll(async () => t?.close());

const forMarket = (path: string, market: string) => path.replace(':market', market);

const INDIA: CompanyFacts = {
  name: 'Lender India Pvt. Ltd.',
  email: 'care@lender.example',
  address: '1 MG Road, Bengaluru 560001',
  cin: 'U65999KA2020PTC000001',
  nbfcNumber: 'N-02.00001',
  site: 'https://lender.example/in',
  phone: '+91 80 1111 0000',
  complaintsOfficer: 'Asha Menon, Grievance Redressal Officer',
  complaintsEmail: 'gro@lender.example',
  complaintsPhone: '+91 80 1111 0009',
  complaintsAddress: '1 MG Road, 4th floor, Bengaluru 560001',
};

async function contactsOf(phone: string): Promise<ServiceContacts> {
  const session = await openSession(t.app, phone);
  const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${MachinePath.serviceContacts}?${sessionQuery(session)}`, payload: { overall: 30 } });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ServiceContacts }>().data;
}

describe("the lender's facts by market", () => {
  it("shows each borrower their own market's customer-service contacts", async () => {
    expect(await contactsOf('5512345670')).toEqual({ phone: '+52 55 0000 0001', va: '+52 55 0000 0002', email: 'ayuda@demo-lending.example' });
    expect(await contactsOf('+919812345670')).toEqual({ phone: '+91 80 0000 0001', va: '+91 80 0000 0002', email: 'help@demo-lending.example' });
  });

  it('lists both markets to an administrator, and refuses an agent', async () => {
    const listed = await staffCall<{ items: LenderFacts[] }>(t, admin, 'GET', OperatorPath.lenderFacts);
    expect(listed.data.items.map((item) => item.market)).toEqual(['MX', 'IN']);
    expect(listed.data.items[1]?.company?.complaintsOfficer).toContain('Grievance Redressal Officer');
    expect(listed.data.items[0]?.contacts?.whatsapp).toMatch(/^\+52/);
    expect((await staffCall(t, agent, 'GET', OperatorPath.lenderFacts)).status).toBe(403);
    expect((await staffCall(t, agent, 'PUT', forMarket(OperatorPath.lenderCompanyFacts, 'IN'), INDIA)).status).toBe(403);
  });

  it("changes India's facts, audited before and after, and the site and India's Key Facts show them at once", async () => {
    const saved = await staffCall<CompanyFacts>(t, admin, 'PUT', forMarket(OperatorPath.lenderCompanyFacts, 'IN'), INDIA);
    expect(saved).toMatchObject({ status: 200, code: 0, data: INDIA });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lender-facts.company.change'), eq(auditLog.objectId, 'IN')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ name: 'Demo Lending Finance Pvt. Ltd. (demo)' });
    expect(entry?.after).toMatchObject({ name: INDIA.name, complaintsOfficer: INDIA.complaintsOfficer });

    const indiaSite = await t.app.inject({ method: 'GET', url: `${SITE_API_BASE}${SitePath.companyFacts}?market=IN` });
    expect(indiaSite.json<{ data: CompanyFacts }>().data).toEqual(INDIA);
    // Without a market, the language's: English for India, Spanish for Mexico.
    expect((await t.app.inject({ method: 'GET', url: `${SITE_API_BASE}${SitePath.companyFacts}?language=1` })).json<{ data: CompanyFacts }>().data.name).toBe(INDIA.name);
    expect((await t.app.inject({ method: 'GET', url: `${SITE_API_BASE}${SitePath.companyFacts}` })).json<{ data: CompanyFacts }>().data.phone).toMatch(/^\+52/);

    const borrower = await openSession(t.app, '+919812345671');
    const rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
    expect((await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, { userId: Number(borrower.userId), productId: rupeeEasy.id, couponMinor: 0, amountMinor: 1_000_000, termDays: 91 })).code).toBe(0);
    const draft = await getBorrower<KeyFacts>(t.app, borrower, MachinePath.keyFacts, { productId: String(rupeeEasy.id) }, '1');
    expect(draft).toMatchObject({ code: 0, data: { grievance: { officer: INDIA.complaintsOfficer, email: INDIA.complaintsEmail, phone: INDIA.complaintsPhone, address: INDIA.complaintsAddress } } });
    expect(draft.data.lender).toMatchObject({ name: INDIA.name, address: INDIA.address, cin: INDIA.cin });
    expect(JSON.stringify(draft.data)).not.toContain('Ciudad de México');
  });

  it("changes a market's contacts, and the borrowers of that market see them", async () => {
    const contacts = { whatsapp: '+91 98 7654 3210', telephone: '+91 80 2222 0000', email: 'help@lender.example' };
    expect(await staffCall(t, admin, 'PUT', forMarket(OperatorPath.lenderServiceContacts, 'IN'), contacts)).toMatchObject({ status: 200, data: contacts });
    expect(await contactsOf('+919812345672')).toEqual({ phone: contacts.whatsapp, va: contacts.telephone, email: contacts.email });
    expect((await contactsOf('5512345672')).phone).toBe('+52 55 0000 0001');
  });

  it("refuses another country's phone, a bad e-mail and a market it does not know, in the caller's language, and writes nothing", async () => {
    const before = (await staffCall<{ items: LenderFacts[] }>(t, admin, 'GET', OperatorPath.lenderFacts)).data;
    const mexican = await staffCall(t, admin, 'PUT', forMarket(OperatorPath.lenderServiceContacts, 'IN'), { whatsapp: '+52 55 0000 0001', telephone: '+91 80 2222 0000', email: 'a@b.example' });
    expect(mexican).toMatchObject({ status: 400, code: ErrorCode.LenderPhoneOfOtherMarket });
    expect(mexican.message).toContain('whatsapp');
    const officer = await staffCall(t, admin, 'PUT', forMarket(OperatorPath.lenderCompanyFacts, 'MX'), { ...INDIA, phone: '+52 55 1111 0000' });
    expect(officer).toMatchObject({ status: 400, code: ErrorCode.LenderPhoneOfOtherMarket });
    expect(officer.message).toContain('complaintsPhone');
    const email = await staffCall(t, admin, 'PUT', forMarket(OperatorPath.lenderCompanyFacts, 'IN'), { ...INDIA, complaintsEmail: 'not an e-mail' });
    expect(email).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    expect((await staffCall(t, admin, 'PUT', forMarket(OperatorPath.lenderCompanyFacts, 'BR'), INDIA)).status).toBe(400);
    expect((await staffCall<{ items: LenderFacts[] }>(t, admin, 'GET', OperatorPath.lenderFacts)).data).toEqual(before);
  });
});

describe('the command line', () => {
  it("prints both markets and sets a market's contacts from a file, refusing another country's number", async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'lender-'));
    const good = join(dir, 'contacts.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify({ whatsapp: '+52 55 9999 0001', telephone: '+52 55 9999 0002', email: 'cli@lender.example' }));
    writeFileSync(bad, JSON.stringify({ whatsapp: '+91 80 9999 0001', telephone: '+52 55 9999 0002', email: 'cli@lender.example' }));
    const context = await operatorCommandLine(t);
    const command = (words: string) => {
      const found = LENDER_COMMANDS.find((candidate) => candidate.words.join(' ') === words);
      if (!found) throw new Error(`no command ${words}`);
      return found;
    };
    await command('lender contacts set').run(context, { market: ['MX'], file: [good] }, []);
    await command('lender facts').run(context, {}, []);
    const lines = context.printed.map((line) => JSON.parse(line) as LenderFacts);
    expect(lines.at(-2)).toMatchObject({ market: 'MX', contacts: { whatsapp: '+52 55 9999 0001' } });
    expect(lines.at(-1)?.market).toBe('IN');
    await expect(command('lender contacts set').run(context, { market: ['MX'], file: [bad] }, [])).rejects.toMatchObject({ code: ErrorCode.LenderPhoneOfOtherMarket });
    await expect(command('lender contacts set').run(context, { market: ['BR'], file: [good] }, [])).rejects.toThrow(/--market/);
  });
});
