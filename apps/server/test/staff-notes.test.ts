import { ERROR_MESSAGES, ErrorCode, Limits, LoanStatus, OPERATOR_BASE, OperatorPath, STAFF_COOKIE, type StaffNoteList } from '@lend/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROUTE_ROLES, routeKey } from '../src/modules/staff';
import { auditLog, complaints, complaintTypes, staffNotes } from '../src/db/schema';
import { createOrder } from './factories';
import { createTestApp, failureOf, openSession, queryRows, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { MINUTE, signedInDesks, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let clock: Clock;
let admin: StaffSession;
let agent: StaffSession;
let officer: StaffSession;
let userId: string;
let orderNo: string;
let problemId: string;

beforeAll(async () => {
  clock = testClock(new Date('2025-03-10T15:00:00Z'));
  t = await createTestApp({ seed: true, now: clock.now });
  ({ admin, agent, officer } = await signedInDesks(t, clock));
  const borrower = await openSession(t.app, '5581234567');
  userId = borrower.userId;
  const order = await createOrder(t.database.db, Number(userId), LoanStatus.Overdue);
  orderNo = order.orderNo;
  const [type] = await t.database.db.select().from(complaintTypes).limit(1);
  const [complaint] = await t.database.db
    .insert(complaints)
    .values({ borrowerId: Number(userId), orderId: order.id, problemType: type?.value ?? 1, detail: 'Charged twice', dueAt: new Date(clock.now().getTime() + 86_400_000) })
    .returning({ id: complaints.id });
  problemId = String(complaint?.id ?? 0);
});
afterAll(async () => t?.close());

const paths = {
  borrower: () => OperatorPath.borrowerNotes.replace(':userId', userId),
  order: () => OperatorPath.orderNotes.replace(':orderNo', orderNo),
  complaint: () => OperatorPath.complaintNotes.replace(':problemId', problemId),
} as const;
type Kind = keyof typeof paths;
const subjectIds: Record<Kind, () => string> = { borrower: () => userId, order: () => orderNo, complaint: () => problemId };

const read = (who: StaffSession, kind: Kind) => staffCall<StaffNoteList>(t, who, 'GET', paths[kind]());
const write = (who: StaffSession, kind: Kind, text: unknown) => staffCall<StaffNoteList>(t, who, 'POST', paths[kind](), { text });

/** A call with the operator token instead of a person's session. */
async function tokenCall(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
  const response = await t.app.inject({ method, url: `${OPERATOR_BASE}${path}`, headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, ...response.json<{ code: number; data: StaffNoteList | null }>() };
}

describe('staff notes on a borrower, an order and a complaint (docs/decisions/236)', () => {
  it('adds notes on each subject and lists them newest first, with their author and time, line breaks kept', async () => {
    for (const kind of ['borrower', 'order', 'complaint'] as const) {
      const first = await write(admin, kind, `  First ${kind} note  `);
      expect(first).toMatchObject({ status: 200, code: 0 });
      const firstAt = clock.now().toISOString();
      clock.advance(5 * MINUTE);
      const author = kind === 'complaint' ? agent : kind === 'order' ? officer : agent;
      const second = await write(author, kind, `Called the borrower.\r\nThey will pay on Friday.`);
      expect(second.code).toBe(0);
      const email = kind === 'order' ? 'officer@lender.example' : 'agent@lender.example';
      const expected = [
        { authorEmail: email, writtenAt: clock.now().toISOString(), text: 'Called the borrower.\nThey will pay on Friday.' },
        { authorEmail: 'admin@lender.example', writtenAt: firstAt, text: `First ${kind} note` },
      ];
      // Adding answers the subject's notes, as reading them does.
      expect(second.data.items).toMatchObject(expected);
      expect((await read(admin, kind)).data.items).toMatchObject(expected);
      expect((await read(admin, kind)).data.items).toHaveLength(2);
      clock.advance(MINUTE);
    }
  });

  it('keeps one subject’s notes apart from another’s', async () => {
    const other = await openSession(t.app, '5581234000');
    const path = OperatorPath.borrowerNotes.replace(':userId', other.userId);
    expect((await staffCall<StaffNoteList>(t, agent, 'GET', path)).data.items).toEqual([]);
    expect((await staffCall<StaffNoteList>(t, agent, 'POST', path, { text: 'Asked about a second loan.' })).data.items).toMatchObject([{ text: 'Asked about a second loan.' }]);
    expect((await read(agent, 'borrower')).data.items.map((note) => note.text)).not.toContain('Asked about a second loan.');
  });

  it('refuses an empty or too long note with its own code, in the reader’s language, writing nothing', async () => {
    const before = (await read(admin, 'borrower')).data.items.length;
    for (const text of ['', '   \n  ', undefined]) {
      expect(await write(admin, 'borrower', text)).toMatchObject({ status: 400, code: ErrorCode.StaffNoteEmpty, message: ERROR_MESSAGES[ErrorCode.StaffNoteEmpty].en });
    }
    expect(await write(admin, 'borrower', 'x'.repeat(Limits.staffNoteMax + 1))).toMatchObject({ status: 400, code: ErrorCode.StaffNoteTooLong });
    // A character is a code point: the limit's worth of emoji is one note.
    expect((await write(admin, 'borrower', '🙂'.repeat(Limits.staffNoteMax))).code).toBe(0);
    const spanish = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_BASE}${paths.order()}`,
      headers: { cookie: `${STAFF_COOKIE}=${admin.cookie}`, 'x-csrf-token': admin.csrf, language: '2' },
      payload: { text: 'y'.repeat(Limits.staffNoteMax + 1) },
    });
    expect(spanish.json()).toMatchObject({ code: ErrorCode.StaffNoteTooLong, message: ERROR_MESSAGES[ErrorCode.StaffNoteTooLong].es });
    expect((await read(admin, 'borrower')).data.items.length).toBe(before + 1);
  });

  it('refuses a subject that does not exist, reading or writing', async () => {
    const cases = [
      [OperatorPath.borrowerNotes.replace(':userId', '999999'), ErrorCode.BorrowerNotFound],
      [OperatorPath.orderNotes.replace(':orderNo', 'TNOSUCHORDER'), ErrorCode.OrderNotFound],
      [OperatorPath.complaintNotes.replace(':problemId', '999999'), ErrorCode.ComplaintNotFound],
    ] as const;
    for (const [path, code] of cases) {
      expect(await staffCall(t, admin, 'GET', path)).toMatchObject({ status: 404, code });
      expect(await staffCall(t, admin, 'POST', path, { text: 'Nobody here.' })).toMatchObject({ status: 404, code });
    }
    const [count] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from staff_notes where body = 'Nobody here.'`);
    expect(count?.n).toBe(0);
  });

  it('lets the operator token read notes but not write one: a note’s author is a person', async () => {
    for (const kind of ['borrower', 'order', 'complaint'] as const) {
      const listed = await tokenCall('GET', paths[kind]());
      expect(listed.code).toBe(0);
      expect(listed.data?.items.length).toBeGreaterThan(0);
      expect(await tokenCall('POST', paths[kind](), { text: 'From a script.' })).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    }
    const [count] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from staff_notes where body = 'From a script.'`);
    expect(count?.n).toBe(0);
  });

  it('lets each desk read and write the notes of what the roles table lets it read', async () => {
    const desks = { agent, 'credit-officer': officer } as const;
    for (const kind of ['borrower', 'order', 'complaint'] as const) {
      const template = { borrower: OperatorPath.borrowerNotes, order: OperatorPath.orderNotes, complaint: OperatorPath.complaintNotes }[kind];
      for (const [role, session] of Object.entries(desks)) {
        for (const method of ['GET', 'POST'] as const) {
          const access = OPERATOR_ROUTE_ROLES[routeKey(method, template)];
          if (!access || typeof access === 'string') throw new Error(`${method} ${template} has no roles`);
          const allowed = (access.roles as readonly string[]).includes(role);
          const answer = method === 'GET' ? await read(session, kind) : await write(session, kind, `${role} was here`);
          expect(answer.status, `${role} ${method} ${kind}`).toBe(allowed ? 200 : 403);
          if (!allowed) expect(answer.code).toBe(ErrorCode.StaffRoleRefused);
        }
      }
    }
    // What the table says today: orders are the credit desk's, complaints the service desk's, borrowers everyone's.
    expect((await read(agent, 'order')).status).toBe(403);
    expect((await write(agent, 'order', 'agent on an order')).status).toBe(403);
    expect((await read(officer, 'complaint')).status).toBe(403);
    expect((await read(officer, 'borrower')).status).toBe(200);
  });

  it('writes an audit entry holding the note’s text, with who wrote it, in the note’s transaction', async () => {
    clock.advance(MINUTE);
    const text = 'Borrower says the payment was made at OXXO on Monday.';
    await write(agent, 'complaint', text);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'note.add'), eq(auditLog.objectType, 'complaint'), eq(auditLog.objectId, problemId)));
    const entry = entries.find((row) => (row.after as { text?: string } | null)?.text === text);
    expect(entry).toMatchObject({ actorKind: 'staff', actorEmail: 'agent@lender.example', role: 'agent', at: clock.now() });
    const [note] = await t.database.db.select().from(staffNotes).where(eq(staffNotes.body, text));
    expect(entry?.after).toEqual({ noteId: note?.id, text });
    for (const kind of ['borrower', 'order'] as const) {
      const [one] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'note.add'), eq(auditLog.objectType, kind), eq(auditLog.objectId, subjectIds[kind]())));
      expect(one?.after).toMatchObject({ text: expect.any(String) });
    }
  });

  it('refuses to change, delete or empty a note, in the database itself', async () => {
    const [count] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from staff_notes`);
    expect(count?.n).toBeGreaterThan(0);
    expect(await failureOf(t.database.db.execute(sql`update staff_notes set body = 'rewritten'`))).toMatch(/staff notes are append-only: UPDATE/);
    expect(await failureOf(t.database.db.execute(sql`delete from staff_notes`))).toMatch(/staff notes are append-only: DELETE/);
    expect(await failureOf(t.database.db.execute(sql`truncate staff_notes`))).toMatch(/staff notes are append-only: TRUNCATE/);
    expect(await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from staff_notes`)).toEqual([count]);
    expect(await queryRows(t.database, sql`select 1 from staff_notes where body = 'rewritten'`)).toEqual([]);
  });
});
