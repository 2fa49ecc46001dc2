import {
  ErrorCode,
  Limits,
  LoanStatus,
  MachinePath,
  OperatorPath,
  type ComplaintList,
  type ContactMessage,
  type OperatorComplaint,
  type OrderSummary,
  type Page,
  type PromoTemplate,
  type SmsOutboxEntry,
} from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, complaintTypes } from '../src/db/schema';
import { insertContactMessage } from '../src/modules/site/contact-repository';
import { insertOutboxMessage } from '../src/providers/sms/outbox-repository';
import { createOrder } from './factories';
import { createTestApp, openSession, type TestApp } from './helper';
import { callBorrower, callOperatorApi } from './loan-helpers';
import { createTemplate } from './promotion-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** Files `count` complaints for a new borrower straight into the database, the newest last. */
async function fileComplaints(phone: string, count: number): Promise<{ userId: string; sessionId: string; ids: number[] }> {
  const session = await openSession(t.app, phone);
  const order = await createOrder(t.database.db, Number(session.userId), LoanStatus.Overdue);
  const [type] = await t.database.db.select().from(complaintTypes).limit(1);
  const start = Date.now() - count * 60_000;
  const rows = await t.database.db
    .insert(complaints)
    .values(
      Array.from({ length: count }, (_, i) => {
        const createdAt = new Date(start + i * 60_000);
        return {
          borrowerId: Number(session.userId),
          orderId: order.id,
          problemType: type?.value ?? 1,
          detail: `Complaint ${i + 1}`,
          createdAt,
          updatedAt: createdAt,
          dueAt: new Date(createdAt.getTime() + Limits.complaintAnswerDays * DAY_MS),
        };
      }),
    )
    .returning({ id: complaints.id });
  return { ...session, ids: rows.map((row) => row.id) };
}

/** Every item of an operator list, page by page; also the size of each page. */
async function everyPage<T>(path: string, query: Record<string, string>): Promise<{ items: T[]; sizes: number[] }> {
  const items: T[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const params: URLSearchParams = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const answer: { code: number; data: Page<T> } = await callOperatorApi<Page<T>>(t.app, 'GET', `${path}?${params}`);
    expect(answer.code).toBe(0);
    items.push(...answer.data.items);
    sizes.push(answer.data.items.length);
    cursor = answer.data.nextCursor;
  } while (cursor !== null && sizes.length < 100);
  return { items, sizes };
}

describe('operator lists are paged', () => {
  it('reaches complaint 501 and every one after it, nearest deadline first', async () => {
    const filed = await fileComplaints('5599950001', 520);
    const { items, sizes } = await everyPage<OperatorComplaint>(OperatorPath.complaints, { status: 'open', limit: String(Limits.pageSizeMax) });
    expect(sizes).toEqual([200, 200, 120]);
    expect(items.map((c) => Number(c.problemId))).toEqual(filed.ids);
    const firstPage = await callOperatorApi<Page<OperatorComplaint>>(t.app, 'GET', OperatorPath.complaints);
    expect(firstPage.data.items).toHaveLength(Limits.pageSizeDefault);
  });

  it('refuses a page larger than the most and a cursor it did not hand out', async () => {
    const tooLarge = await callOperatorApi(t.app, 'GET', `${OperatorPath.complaints}?limit=${Limits.pageSizeMax + 1}`);
    expect(tooLarge).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest, message: 'Invalid value for "limit".' });
    const forged = await callOperatorApi(t.app, 'GET', `${OperatorPath.orders}?cursor=${Buffer.from('["x"]').toString('base64url')}`);
    expect(forged).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest, message: 'Invalid value for "cursor".' });
  });

  it('pages orders, oldest first', async () => {
    const session = await openSession(t.app, '5599950002');
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await createOrder(t.database.db, Number(session.userId), LoanStatus.Settled));
    const { items, sizes } = await everyPage<OrderSummary>(OperatorPath.orders, { userId: session.userId, limit: '2' });
    expect(sizes).toEqual([2, 2, 1]);
    expect(items.map((o) => o.orderNo)).toEqual(made.map((o) => o.orderNo));
  });

  it('pages contact messages, newest first', async () => {
    const sent = [];
    for (let i = 0; i < 5; i += 1) {
      sent.push(
        await insertContactMessage(t.database.db, {
          fullName: `Visitor ${i}`,
          email: 'visitor@example.com',
          phone: '5512345678',
          message: 'Hello',
          language: 'en',
          ip: '127.0.0.1',
        }),
      );
    }
    const { items, sizes } = await everyPage<ContactMessage>(OperatorPath.contactMessages, { limit: '2' });
    expect(sizes).toEqual([2, 2, 1]);
    expect(items.map((m) => m.id)).toEqual(sent.map((m) => m.id).reverse());
  });

  it('pages promotion templates and the sandbox outbox', async () => {
    const made = [await createTemplate(t.app), await createTemplate(t.app), await createTemplate(t.app)];
    const templates = await everyPage<PromoTemplate>(OperatorPath.promoTemplates, { limit: '2' });
    // After the demo data's own template.
    expect(templates.items.map((x) => x.id).slice(-3)).toEqual(made.map((x) => x.id));
    expect(templates.sizes.every((size) => size <= 2)).toBe(true);
    for (let i = 0; i < 5; i += 1) await insertOutboxMessage(t.database.db, { phone: '5599950003', text: `Message ${i}`, code: '', kind: 'loan-settled' });
    const outbox = await everyPage<SmsOutboxEntry>(OperatorPath.smsOutbox, { phone: '5599950003', limit: '2' });
    expect(outbox.sizes).toEqual([2, 2, 1]);
    expect(outbox.items.map((m) => m.text)).toEqual(['Message 4', 'Message 3', 'Message 2', 'Message 1', 'Message 0']);
  });
});

describe("the borrower's complaint list", () => {
  const listed = async (session: { userId: string; sessionId: string }) => {
    const answer = await callBorrower<ComplaintList>(t.app, session, MachinePath.complaintList, {});
    return { hasMore: answer.data.hasMore, items: answer.data.tabs.flatMap((tab) => tab.list) };
  };

  it('shows the newest complaints up to its size and says when there are more', async () => {
    const many = await fileComplaints('5599950004', Limits.borrowerComplaintListMax + 5);
    const { hasMore, items } = await listed(many);
    expect(hasMore).toBe(true);
    expect(items).toHaveLength(Limits.borrowerComplaintListMax);
    expect(items.map((c) => Number(c.id))).toContain(many.ids.at(-1));
    expect(items.map((c) => Number(c.id))).not.toContain(many.ids[0]);

    const few = await fileComplaints('5599950005', 3);
    expect(await listed(few)).toMatchObject({ hasMore: false, items: expect.arrayContaining([expect.objectContaining({ id: String(few.ids[0]) })]) });
  });
});
