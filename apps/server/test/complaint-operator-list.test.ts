import { ErrorCode, Limits, LoanStatus, OperatorPath, type OperatorComplaint, type Page } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, complaintTypes } from '../src/db/schema';
import { createOrder } from './factories';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { signedInAdmin, signedInStaff, staffCall, testClock, type Clock } from './staff-helpers';

let t: TestApp;
let clock: Clock;
beforeAll(async () => {
  clock = testClock();
  t = await createTestApp({ seed: true, now: clock.now });
});
afterAll(async () => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

type Filed = { id: number; folio: string; type: number; dueAt: Date; createdAt: Date };

/**
 * Six complaints of one borrower with their own deadlines and filing times: two of the second type,
 * one replied, two already overdue, filed in an order unlike their deadlines'.
 */
async function fileComplaints(): Promise<{ filed: Filed[]; types: number[] }> {
  const session = await openSession(t.app, '5512340001');
  const order = await createOrder(t.database.db, Number(session.userId), LoanStatus.Overdue);
  const types = (await t.database.db.select().from(complaintTypes)).filter((type) => type.parentValue === null).map((type) => type.value);
  const [first = 1, second = 2] = types;
  const now = Date.now();
  const plan = [
    { type: first, filedDaysAgo: 5, dueInDays: 10 },
    { type: second, filedDaysAgo: 30, dueInDays: -2 },
    { type: first, filedDaysAgo: 1, dueInDays: 3 },
    { type: second, filedDaysAgo: 20, dueInDays: -9 },
    { type: first, filedDaysAgo: 12, dueInDays: 1 },
    { type: first, filedDaysAgo: 3, dueInDays: 6 },
  ];
  const rows = await t.database.db
    .insert(complaints)
    .values(
      plan.map(({ type, filedDaysAgo, dueInDays }, i) => ({
        borrowerId: Number(session.userId),
        orderId: order.id,
        problemType: type,
        detail: `Complaint ${i + 1}`,
        createdAt: new Date(now - filedDaysAgo * DAY_MS),
        updatedAt: new Date(now - filedDaysAgo * DAY_MS),
        dueAt: new Date(now + dueInDays * DAY_MS),
        ...(i === 2 ? { status: 'replied', replyText: 'Answered', repliedAt: new Date(now) } : {}),
      })),
    )
    .returning({ id: complaints.id, folio: complaints.folio, type: complaints.problemType, dueAt: complaints.dueAt, createdAt: complaints.createdAt });
  return { filed: rows, types: [first, second] };
}

/** Every page of the list for this query, two at a time. */
async function everyPage(query: Record<string, string>): Promise<OperatorComplaint[]> {
  const items: OperatorComplaint[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const params: URLSearchParams = new URLSearchParams({ limit: '2', ...query, ...(cursor ? { cursor } : {}) });
    const answer: { code: number; data: Page<OperatorComplaint> } = await callOperatorApi<Page<OperatorComplaint>>(t.app, 'GET', `${OperatorPath.complaints}?${params}`);
    expect(answer.code).toBe(0);
    items.push(...answer.data.items);
    cursor = answer.data.nextCursor;
    if (cursor === null) break;
  }
  return items;
}

describe('the operator complaint list: filters, order and paging on the server (docs/decisions/168)', () => {
  let filed: Filed[];
  let types: number[];
  const mine = (items: OperatorComplaint[]) => items.filter((item) => filed.some((f) => f.folio === item.folio)).map((item) => item.folio);
  const folios = (rows: Filed[]) => rows.map((row) => row.folio);

  beforeAll(async () => {
    ({ filed, types } = await fileComplaints());
  });

  it('puts the overdue first by default, and reverses or orders by filing time when asked, page after page', async () => {
    const byDue = [...filed].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
    const byCreated = [...filed].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(mine(await everyPage({}))).toEqual(folios(byDue));
    expect(mine(await everyPage({ sort: '-due' }))).toEqual(folios(byDue).reverse());
    expect(mine(await everyPage({ sort: 'created' }))).toEqual(folios(byCreated));
    expect(mine(await everyPage({ sort: '-created' }))).toEqual(folios(byCreated).reverse());
    const [firstOverdue] = mine(await everyPage({ status: 'open' }));
    expect(firstOverdue).toBe(byDue[0]?.folio);
  });

  it('filters by state and by problem type together', async () => {
    const secondTypeOpen = filed.filter((row) => row.type === types[1]);
    expect(mine(await everyPage({ status: 'open', type: String(types[1]) })).sort()).toEqual(folios(secondTypeOpen).sort());
    const replied = await everyPage({ status: 'replied' });
    expect(mine(replied)).toEqual([filed[2]?.folio]);
    expect(replied.every((item) => item.status === 'replied')).toBe(true);
  });

  it('finds a complaint by part of its folio, in any case', async () => {
    const target = filed[3];
    if (!target) throw new Error('no complaint filed');
    const exact = await callOperatorApi<Page<OperatorComplaint>>(t.app, 'GET', `${OperatorPath.complaints}?folio=${target.folio.toLowerCase()}`);
    expect(exact.data.items.map((item) => item.folio)).toEqual([target.folio]);
    const digits = target.folio.slice(-4);
    const partial = await everyPage({ folio: digits });
    expect(partial.map((item) => item.folio)).toContain(target.folio);
    expect(partial.every((item) => item.folio.includes(digits))).toBe(true);
  });

  it('refuses a cursor handed out for another order, and a folio with wildcards', async () => {
    const first = await callOperatorApi<Page<OperatorComplaint>>(t.app, 'GET', `${OperatorPath.complaints}?limit=1&sort=due`);
    expect(first.data.nextCursor).not.toBeNull();
    const mixed = await callOperatorApi(t.app, 'GET', `${OperatorPath.complaints}?limit=1&sort=-created&cursor=${first.data.nextCursor ?? ''}`);
    expect(mixed).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    const wildcard = await callOperatorApi(t.app, 'GET', `${OperatorPath.complaints}?folio=${encodeURIComponent('RC%')}`);
    expect(wildcard).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    const badSort = await callOperatorApi(t.app, 'GET', `${OperatorPath.complaints}?sort=borrower`);
    expect(badSort.status).toBe(400);
    const tooLarge = await callOperatorApi(t.app, 'GET', `${OperatorPath.complaints}?limit=${Limits.pageSizeMax + 1}`);
    expect(tooLarge.status).toBe(400);
  });

  it('answers an agent signed in with the staff cookie, and no one without it', async () => {
    const admin = await signedInAdmin(t, clock);
    const agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
    const target = filed[0];
    const answer = await staffCall<Page<OperatorComplaint>>(t, agent, 'GET', `${OperatorPath.complaints}?folio=${target?.folio ?? ''}`);
    expect(answer.code).toBe(0);
    expect(answer.data.items.map((item) => item.folio)).toEqual([target?.folio]);
    const anonymous = await t.app.inject({ method: 'GET', url: `/operator/v1${OperatorPath.complaints}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
