import {
  ErrorCode,
  LoanStatus,
  OperatorPath,
  PrivacyOperatorPath,
  PrivacyPath,
  SITE_API_BASE,
  SitePath,
  type ArcoRequest,
  type BorrowerPage,
  type BorrowerSearch,
  type ContactMessage,
  type OperatorArcoRequest,
  type Page,
} from '@lend/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowerProfiles, borrowers, complaints, complaintTypes } from '../src/db/schema';
import { createOrder } from './factories';
import { createTestApp, openSession, queryRows, type BorrowerSession, type TestApp } from './helper';
import { overviewOf, privacyCall } from './privacy-helpers';
import { signedInDesks, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let clock: Clock;
let admin: StaffSession;
let agent: StaffSession;
let officer: StaffSession;
beforeAll(async () => {
  clock = testClock();
  t = await createTestApp({ seed: true, now: clock.now });
  ({ admin, agent, officer } = await signedInDesks(t, clock));
});
afterAll(async () => t?.close());

const refused = { status: 403, code: ErrorCode.StaffRoleRefused };
const auditOf = (action: string, objectId: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.objectId, objectId)));

let ip = 0;
async function leaveMessage(email: string, phone: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${SITE_API_BASE}${SitePath.contactMessages}`,
    payload: { fullName: 'Ana Visitante', email, phone, message: 'Please call me about a loan.' },
    remoteAddress: `10.9.0.${++ip}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
}

describe('contact messages in the back office (docs/decisions/172)', () => {
  it('lists them newest first a page at a time, by state and by part of the e-mail or phone', async () => {
    const first = await leaveMessage('ana.lopez@example.com', '+52 55 1111 2222');
    const second = await leaveMessage('raj@example.in', '98765-43210');
    const third = await leaveMessage('other@example.com', '+52 33 4444 5555');

    const page1 = await staffCall<Page<ContactMessage>>(t, agent, 'GET', `${OperatorPath.contactMessages}?limit=2`);
    expect(page1.data.items.map((m) => m.id)).toEqual([third, second]);
    expect(page1.data.items[0]).toMatchObject({ state: 'new', answer: null });
    const page2 = await staffCall<Page<ContactMessage>>(t, agent, 'GET', `${OperatorPath.contactMessages}?limit=2&cursor=${page1.data.nextCursor ?? ''}`);
    expect(page2.data.items.map((m) => m.id)).toEqual([first]);
    expect(page2.data.nextCursor).toBeNull();

    const byEmail = await staffCall<Page<ContactMessage>>(t, agent, 'GET', `${OperatorPath.contactMessages}?q=LOPEZ`);
    expect(byEmail.data.items.map((m) => m.id)).toEqual([first]);
    // The digits as the visitor did not type them: spacing and dashes do not matter.
    const byPhone = await staffCall<Page<ContactMessage>>(t, agent, 'GET', `${OperatorPath.contactMessages}?q=${encodeURIComponent('6543 21')}`);
    expect(byPhone.data.items.map((m) => m.id)).toEqual([second]);
    const literal = await staffCall<Page<ContactMessage>>(t, agent, 'GET', `${OperatorPath.contactMessages}?q=${encodeURIComponent('%_')}`);
    expect(literal.data.items).toEqual([]);
  });

  it('marks one answered with a note, audited, once; the state filter follows', async () => {
    const id = await leaveMessage('answer.me@example.com', '+52 55 9999 0000');
    const answered = await staffCall<ContactMessage>(t, agent, 'POST', OperatorPath.contactMessageAnswer.replace(':messageId', String(id)), { note: 'Called back; she will apply.' });
    expect(answered).toMatchObject({ status: 200, code: 0 });
    expect(answered.data).toMatchObject({ id, state: 'answered', answer: { note: 'Called back; she will apply.', answeredBy: 'agent@lender.example' } });

    const entries = await auditOf('contact-message.answer', String(id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: 'agent@lender.example', role: 'agent', objectType: 'contact-message', after: { state: 'answered' } });
    expect(JSON.stringify(entries[0])).not.toContain('Called back');

    const again = await staffCall(t, admin, 'POST', OperatorPath.contactMessageAnswer.replace(':messageId', String(id)), { note: 'Again' });
    expect(again).toMatchObject({ status: 409, code: ErrorCode.ContactMessageAnswered });
    expect(await auditOf('contact-message.answer', String(id))).toHaveLength(1);

    expect(await staffCall(t, agent, 'POST', OperatorPath.contactMessageAnswer.replace(':messageId', '999999'), { note: 'x' })).toMatchObject({ status: 404, code: ErrorCode.ContactMessageNotFound });
    expect(await staffCall(t, agent, 'POST', OperatorPath.contactMessageAnswer.replace(':messageId', String(id)), { note: '   ' })).toMatchObject({ status: 400, code: ErrorCode.ContactAnswerNoteInvalid });

    const answeredList = await staffCall<Page<ContactMessage>>(t, agent, 'GET', `${OperatorPath.contactMessages}?state=answered`);
    expect(answeredList.data.items.map((m) => m.id)).toEqual([id]);
    const newList = await staffCall<Page<ContactMessage>>(t, agent, 'GET', `${OperatorPath.contactMessages}?state=new&limit=200`);
    expect(newList.data.items.map((m) => m.id)).not.toContain(id);
  });

  it('is refused to a credit officer', async () => {
    expect(await staffCall(t, officer, 'GET', OperatorPath.contactMessages)).toMatchObject(refused);
    expect(await staffCall(t, officer, 'POST', OperatorPath.contactMessageAnswer.replace(':messageId', '1'), { note: 'x' })).toMatchObject(refused);
  });
});

describe('privacy requests in the back office (docs/decisions/173)', () => {
  it('finds one by its folio, lists the overdue first, and answers it audited', async () => {
    const session = await openSession(t.app, '5512349876');
    const filed = await privacyCall<ArcoRequest>(t.app, session, PrivacyPath.arcoRequest, { kind: 'access', description: 'Please send me all my data.' });
    expect(filed.code).toBe(0);
    const late = await privacyCall<ArcoRequest>(t.app, session, PrivacyPath.arcoRequest, { kind: 'opposition', description: 'No marketing calls please.' });
    await t.database.db.execute(sql`update arco_requests set answer_due = '2020-01-10' where folio = ${late.data.folio}`);

    const open = await staffCall<Page<OperatorArcoRequest>>(t, agent, 'GET', `${PrivacyOperatorPath.requests}?status=open&limit=1`);
    expect(open.data.items.map((r) => r.folio)).toEqual([late.data.folio]);
    expect(open.data.nextCursor).not.toBeNull();

    const one = await staffCall<Page<OperatorArcoRequest>>(t, agent, 'GET', `${PrivacyOperatorPath.requests}?folio=${filed.data.folio.toLowerCase()}`);
    expect(one.data.items).toMatchObject([{ folio: filed.data.folio, userId: session.userId, answerDue: filed.data.answerDue, status: 'open' }]);
    expect((await staffCall(t, agent, 'GET', `${PrivacyOperatorPath.requests}?folio=XX1`)).status).toBe(400);

    const answered = await staffCall(t, agent, 'POST', PrivacyOperatorPath.answer.replace(':folio', filed.data.folio), { text: 'Your data is attached.' });
    expect(answered).toMatchObject({ status: 200, code: 0 });
    expect(await auditOf('privacy.arco.answer', filed.data.folio)).toHaveLength(1);
    expect(await staffCall(t, officer, 'GET', PrivacyOperatorPath.requests)).toMatchObject(refused);
  });
});

describe('borrowers in the back office (docs/decisions/173)', () => {
  let gloria: BorrowerSession;
  let orderNo: string;
  let complaintFolio: string;
  let arcoFolio: string;
  beforeAll(async () => {
    gloria = await openSession(t.app, '5587654321');
    const id = Number(gloria.userId);
    await t.database.db.insert(borrowerProfiles).values({ borrowerId: id, market: 'MX', givenNames: 'Gloria', firstSurname: 'Hernández', nationalIdKind: 'curp', nationalId: 'HEGG560427MVZRRL04' });
    const order = await createOrder(t.database.db, id, LoanStatus.Overdue);
    orderNo = order.orderNo;
    const [type] = await t.database.db.select().from(complaintTypes).limit(1);
    const [complaint] = await t.database.db
      .insert(complaints)
      .values({ borrowerId: id, orderId: order.id, problemType: type?.value ?? 1, detail: 'Charged twice', dueAt: new Date(Date.now() + 86_400_000) })
      .returning({ folio: complaints.folio });
    complaintFolio = complaint?.folio ?? '';
    arcoFolio = (await privacyCall<ArcoRequest>(t.app, gloria, PrivacyPath.arcoRequest, { kind: 'rectification', description: 'My surname is spelled wrong.' })).data.folio;
    const other = await openSession(t.app, '5500004321');
    await t.database.db.update(borrowers).set({ name: 'Gabriel Ortiz' }).where(eq(borrowers.id, Number(other.userId)));
  });

  const search = (who: StaffSession, q: string) => staffCall<BorrowerSearch>(t, who, 'GET', `${OperatorPath.borrowers}?q=${encodeURIComponent(q)}`);

  it('finds a borrower by each key, with the national id masked to its last four', async () => {
    const expected = { userId: gloria.userId, phone: '+525587654321', name: 'Gloria Hernández', nationalId: { kind: 'curp', lastFour: 'RL04' } };
    for (const [q, matchedBy] of [
      ['+525587654321', 'phone'],
      ['55 8765 4321', 'phone'],
      ['7654321', 'phone'],
      ['gloria h', 'name'],
      ['HERNÁN', 'name'],
      [orderNo, 'order'],
      [complaintFolio.toLowerCase(), 'folio'],
      [arcoFolio, 'folio'],
    ] as const) {
      const found = await search(agent, q);
      expect(found, q).toMatchObject({ status: 200, code: 0, data: { items: [{ ...expected, matchedBy }] } });
      expect(JSON.stringify(found.data), q).not.toContain('HEGG560427');
    }
    // The last four digits are shared with another borrower: both are found.
    expect((await search(officer, '4321')).data.items.map((hit) => hit.phone).sort()).toEqual(['+525500004321', '+525587654321']);
    // The name the borrower signed up with, when the profile has none.
    expect((await search(agent, 'gabriel o')).data.items.map((hit) => hit.phone)).toEqual(['+525500004321']);
    // The start of a name, not any part of it; the search's own wildcards are plain letters.
    expect((await search(agent, 'loria')).data.items).toEqual([]);
    expect((await search(agent, 'RC99999999')).data.items).toEqual([]);
    expect((await search(agent, 'zzzz-nobody')).data.items).toEqual([]);
    expect(await search(agent, '123')).toMatchObject({ status: 400, code: ErrorCode.BorrowerSearchInvalid });
    expect(await search(agent, 'g')).toMatchObject({ status: 400, code: ErrorCode.BorrowerSearchInvalid });
  });

  it("shows a borrower's orders, complaints, privacy requests, sessions and consents", async () => {
    const page = await staffCall<BorrowerPage>(t, officer, 'GET', OperatorPath.borrower.replace(':userId', gloria.userId));
    expect(page).toMatchObject({ status: 200, code: 0 });
    expect(page.data.borrower).toMatchObject({ userId: gloria.userId, phone: '+525587654321', nationalId: { kind: 'curp', lastFour: 'RL04' } });
    expect(page.data.orders).toMatchObject([{ orderNo, statusCode: LoanStatus.Overdue, currency: 'MXN' }]);
    expect(page.data.complaints).toMatchObject([{ folio: complaintFolio, orderNo, status: 'open' }]);
    expect(page.data.privacyRequests).toMatchObject([{ folio: arcoFolio, kind: 'rectification', status: 'open' }]);
    expect(page.data.sessions).toHaveLength(1);
    expect(page.data.consents.map((consent) => consent.kind)).toContain('privacy-notice');
    expect(JSON.stringify(page.data)).not.toContain(gloria.sessionId);
    expect(JSON.stringify(page.data)).not.toContain('HEGG560427');
    expect(await staffCall(t, agent, 'GET', OperatorPath.borrower.replace(':userId', '999999'))).toMatchObject({ status: 404, code: ErrorCode.BorrowerNotFound });
  });

  it('ends a live session for an agent, audited; the borrower is signed out; a credit officer may not', async () => {
    const before = await staffCall<BorrowerPage>(t, agent, 'GET', OperatorPath.borrower.replace(':userId', gloria.userId));
    const sessionId = before.data.sessions[0]?.sessionId ?? '';
    const path = OperatorPath.borrowerSessionEnd.replace(':userId', gloria.userId);
    expect(await staffCall(t, officer, 'POST', path, { sessionId })).toMatchObject(refused);

    const ended = await staffCall(t, agent, 'POST', path, { sessionId });
    expect(ended).toMatchObject({ status: 200, code: 0, data: { sessionId, ended: true } });
    const entries = await auditOf('borrower.session.end', sessionId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: 'agent@lender.example', objectType: 'borrower-session' });

    expect((await overviewOf(t.app, gloria)).code).toBe(ErrorCode.SessionUnknown);
    expect((await staffCall<BorrowerPage>(t, agent, 'GET', OperatorPath.borrower.replace(':userId', gloria.userId))).data.sessions).toEqual([]);
    expect(await staffCall(t, agent, 'POST', path, { sessionId })).toMatchObject({ status: 404, code: ErrorCode.BorrowerSessionNotFound });
    expect(await auditOf('borrower.session.end', sessionId)).toHaveLength(1);
  });

  it('reads the phone and name searches on their indexes, not the whole table', async () => {
    await t.database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = async (query: ReturnType<typeof sql>) => JSON.stringify(await queryRows(t.database, sql`explain ${query}`));
      expect(await plan(sql`select id from borrowers where reverse(phone) like ${'1234%'}`)).toContain('borrowers_phone_reversed_idx');
      expect(await plan(sql`select id from borrowers where lower(name) like ${'glo%'}`)).toContain('borrowers_name_prefix_idx');
      const legal = await plan(
        sql`select borrower_id from borrower_profiles where lower(coalesce(given_names, '') || ' ' || coalesce(first_surname, '') || ' ' || coalesce(second_surname, '')) like ${'glo%'} or lower(first_surname) like ${'glo%'}`,
      );
      expect(legal).toContain('borrower_profiles_name_prefix_idx');
      expect(legal).toContain('borrower_profiles_surname_prefix_idx');
    } finally {
      await t.database.db.execute(sql`set enable_seqscan = on`);
    }
  });
});
