import {
  ErrorCode,
  ListExports,
  LoanStatus,
  OPERATOR_BASE,
  OperatorPath,
  StaffPath,
  STAFF_COOKIE,
  type OperatorComplaint,
  type OrderSummary,
  type Page,
  type Receipt,
} from '@lend/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints, complaintTypes } from '../src/db/schema';
import { csvCell } from '../src/modules/list-exports/csv';
import { exportPagesRead } from '../src/modules/list-exports/list-export-stream';
import { createOrder } from './factories';
import { createTestApp, openSession, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { paidOutToday, recordTransfer } from './operator-payment-helpers';
import { newBorrower } from './profile-helpers';
import { signedInAdmin, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

/** Every list the back office shows, as CSV with its filters, streamed and audited (docs/decisions/237). */
let t: TestApp;
const clock = testClock();
let admin: StaffSession;
let officer: StaffSession;
let agent: StaffSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: clock.now });
  admin = await signedInAdmin(t, clock);
  officer = await signedInStaff(t, clock, admin, 'officer@lender.example', 'credit-officer');
  agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
});
afterAll(async () => t?.close());

/** RFC 4180's records of a file: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) throw new Error('the file does not end with CRLF');
  return records;
}

type Csv = { status: number; headers: Record<string, unknown>; text: string; header: string[]; rows: Record<string, string>[] };

/** A list's export as a signed-in person (or the token) downloads it. */
async function exportOf(who: StaffSession | 'token', path: string, query: Record<string, string | number> = {}): Promise<Csv> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const response = await t.app.inject({
    method: 'GET',
    url: `${OPERATOR_BASE}${path}${search ? `?${search}` : ''}`,
    headers: who === 'token' ? { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } : { cookie: `${STAFF_COOKIE}=${who.cookie}` },
  });
  const text = response.body;
  if (response.statusCode !== 200) return { status: response.statusCode, headers: response.headers, text, header: [], rows: [] };
  const [header = [], ...records] = parseCsv(text.replace(/^\uFEFF/, ''));
  return { status: 200, headers: response.headers, text, header, rows: records.map((record) => Object.fromEntries(header.map((key, i) => [key, record[i] ?? '']))) };
}

/** Every page of a list's JSON with the same filters, two items a page. */
async function jsonItems<T>(who: StaffSession, path: string, query: Record<string, string | number> = {}): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const search = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])), limit: '2', ...(cursor ? { cursor } : {}) });
    const page: { status: number; data: Page<T> } = await staffCall<Page<T>>(t, who, 'GET', `${path}?${search.toString()}`);
    expect(page.status).toBe(200);
    items.push(...page.data.items);
    cursor = page.data.nextCursor;
  } while (cursor);
  return items;
}

const exportEntries = (list: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'list.export'), eq(auditLog.objectId, list)));

describe('a list as CSV', () => {
  it('holds exactly the orders the JSON pages give with the same status, in their order, and audits the export', async () => {
    const review: string[] = [];
    for (let i = 0; i < 3; i += 1) review.push((await createOrder(t.database.db, Number((await newBorrower(t, 'MX')).userId), LoanStatus.UnderReview)).orderNo);
    await createOrder(t.database.db, Number((await newBorrower(t, 'MX')).userId), LoanStatus.Settled);

    const csv = await exportOf(officer, ListExports.orders.csv.path, { status: LoanStatus.UnderReview });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="orders-${clock.now().toISOString().slice(0, 10)}.csv"`);
    expect(csv.text.startsWith('\uFEFForder_no,borrower_id,borrower_name,status,principal,currency,created_at,')).toBe(true);

    const json = await jsonItems<OrderSummary>(officer, OperatorPath.orders, { status: LoanStatus.UnderReview });
    expect(csv.rows.map((row) => row.order_no)).toEqual(json.map((order) => order.orderNo));
    expect(csv.rows.map((row) => row.order_no)).toEqual(expect.arrayContaining(review));
    for (const [row, order] of csv.rows.map((row, i) => [row, json[i]] as const)) {
      expect(row).toMatchObject({ status: String(LoanStatus.UnderReview), currency: order?.currency, borrower_id: String(order?.userId), created_at: order?.createdAt });
      expect(row.principal).toBe(`${Math.trunc((order?.principalMinor ?? 0) / 100)}.${String((order?.principalMinor ?? 0) % 100).padStart(2, '0')}`);
    }

    const [entry, ...more] = await exportEntries('orders');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorEmail: 'officer@lender.example', role: 'credit-officer', objectType: 'list', after: { filters: { status: LoanStatus.UnderReview } } });
  });

  it('holds the payments the JSON pages give, newest first, with their amounts in major units', async () => {
    const { orderNo } = await paidOutToday(t.app, '5512349901');
    for (const [i, amount] of [10_000, 2_550, 99].entries()) expect((await recordTransfer(t.app, orderNo, amount, `bank-ref-${i}`)).code).toBe(0);

    const csv = await exportOf(officer, ListExports.payments.csv.path);
    const json = await jsonItems<Receipt>(officer, OperatorPath.payments);
    expect(csv.header.slice(0, 4)).toEqual(['receipt_no', 'order_no', 'amount', 'currency']);
    expect(csv.rows.map((row) => row.receipt_no)).toEqual(json.map((receipt) => receipt.receiptNo));
    expect(csv.rows.filter((row) => row.order_no === orderNo).map((row) => [row.amount, row.currency])).toEqual([
      ['0.99', 'MXN'],
      ['25.50', 'MXN'],
      ['100.00', 'MXN'],
    ]);
    const one = await exportOf(officer, ListExports.payments.csv.path, { orderNo });
    expect(one.rows.map((row) => row.receipt_no)).toEqual(json.filter((receipt) => receipt.orderNo === orderNo).map((receipt) => receipt.receiptNo));
  });

  it('holds the complaints the JSON pages give, quoted as RFC 4180 says and with formulas defused', async () => {
    const session = await openSession(t.app, '5512349902');
    const order = await createOrder(t.database.db, Number(session.userId), LoanStatus.Overdue);
    const texts = ['=HYPERLINK("http://evil.example","click")', 'Dijo "no", luego, sí\r\nSegunda línea', '+52 cobro', '@SUM(A1)', '-1200.50', '\tcelda'];
    const [type] = (await t.database.db.select().from(complaintTypes)).filter((row) => row.parentValue === null);
    const now = Date.now();
    await t.database.db.insert(complaints).values(
      texts.map((detail, i) => ({
        borrowerId: Number(session.userId),
        orderId: order.id,
        problemType: type?.value ?? 1,
        detail,
        createdAt: new Date(now - i * 60_000),
        updatedAt: new Date(now - i * 60_000),
        dueAt: new Date(now + (i + 1) * 86_400_000),
      })),
    );

    const csv = await exportOf(agent, ListExports.complaints.csv.path, { sort: '-created' });
    const json = await jsonItems<OperatorComplaint>(agent, OperatorPath.complaints, { sort: '-created' });
    expect(csv.rows.map((row) => row.folio)).toEqual(json.map((complaint) => complaint.folio));
    expect(csv.rows.map((row) => row.content)).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      'Dijo "no", luego, sí\r\nSegunda línea',
      "'+52 cobro",
      "'@SUM(A1)",
      '-1200.50',
      "'\tcelda",
    ]);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    // Accents arrive as UTF-8 behind the byte order mark.
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    expect(csv.text).toContain('sí');
  });

  it('holds the audit log the JSON pages give, for an administrator in person', async () => {
    const csv = await exportOf(admin, ListExports.audit.csv.path, { objectType: 'list' });
    const json = await jsonItems<{ id: number }>(admin, StaffPath.audit, { objectType: 'list' });
    expect(csv.header).toEqual(['id', 'at', 'actor_kind', 'actor_id', 'actor_email', 'role', 'action', 'object_type', 'object_id', 'before', 'after', 'ip', 'user_agent']);
    // The export's own entry is written before its first byte, so it heads its own file; reading the JSON writes none.
    expect(csv.rows.map((row) => row.id)).toEqual(json.map((entry) => String(entry.id)));
    expect(csv.rows[0]).toMatchObject({ action: 'list.export', object_id: 'audit-log', actor_email: 'admin@lender.example' });
    expect(JSON.parse(csv.rows[0]?.after ?? 'null')).toEqual({ filters: { objectType: 'list' } });
  });

  it('is refused to whoever may not read the list, and a refused export writes no audit entry', async () => {
    const before = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'list.export'))).length;
    const agentOrders = await exportOf(agent, ListExports.orders.csv.path, { status: LoanStatus.UnderReview });
    expect(agentOrders.status).toBe(403);
    expect(JSON.parse(agentOrders.text)).toMatchObject({ code: ErrorCode.StaffRoleRefused });
    const tokenAudit = await exportOf('token', ListExports.audit.csv.path);
    expect(tokenAudit.status).toBe(403);
    const badFilter = await exportOf(officer, ListExports.orders.csv.path, { status: 99 });
    expect(badFilter.status).toBe(400);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'list.export'))).length).toBe(before);

    // The token reads what automation reads: the orders, as it reads their JSON.
    expect((await exportOf('token', ListExports.orders.csv.path)).status).toBe(200);
    expect((await exportOf(agent, ListExports.contactMessages.csv.path)).header[0]).toBe('id');
  });

  it('guards cells a spreadsheet would run, but not numbers', () => {
    expect(['=1+1', '+x', '-x', '@x', '\tx', '\rx'].map(csvCell)).toEqual(["'=1+1", "'+x", "'-x", "'@x", "'\tx", `"'\rx"`]);
    expect(['-12.50', '+3', '-7', 'plain', 'a,b', 'say "hi"', ''].map(csvCell)).toEqual(['-12.50', '+3', '-7', 'plain', '"a,b"', '"say ""hi"""', '']);
    expect([null, undefined, 12, -4, true].map(csvCell)).toEqual(['', '', '12', '-4', 'true']);
  });
});

describe('a list of 200,000 rows', () => {
  it('is streamed a few pages ahead of the client, never gathered first', { timeout: 120_000 }, async () => {
    const rows = 200_000;
    await t.database.db.execute(sql`
      insert into audit_log (at, actor_kind, role, action, object_type, object_id, ip)
      select now() - make_interval(secs => g), 'token', 'automation', 'bulk.fill', 'bulk', g::text, '127.0.0.1'
      from generate_series(1, ${rows}) g`);
    // The whole log, newest first along its key: the bulk rows, the entries before them, and this export's own.
    const [{ n: earlier = 0 } = {}] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    const pagesBefore = exportPagesRead.count;
    const response = await fetch(`${base}${OPERATOR_BASE}${ListExports.audit.csv.path}`, { headers: { cookie: `${STAFF_COOKIE}=${admin.cookie}` } });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    let lines = 0;
    const count = (chunk: Uint8Array) => {
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    };
    const first = await reader.read();
    if (first.value) count(first.value);
    // The client stops reading: the server reads on only while its buffers and the socket's take more.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const aheadWhilePaused = exportPagesRead.count - pagesBefore;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(exportPagesRead.count - pagesBefore).toBe(aheadWhilePaused);
    const totalPages = Math.ceil((earlier + 1) / 200);
    // Gathered first, every page would have been read before the first byte reached the client.
    expect(earlier).toBeGreaterThan(rows);
    expect(aheadWhilePaused).toBeLessThan(totalPages / 2);
    for (let part = await reader.read(); !part.done; part = await reader.read()) count(part.value);
    expect(lines).toBe(earlier + 1 + 1);
    expect(exportPagesRead.count - pagesBefore).toBe(totalPages);
    console.log(`pages read ahead while the client paused: ${aheadWhilePaused} of ${totalPages + 1}`);
  });
});
