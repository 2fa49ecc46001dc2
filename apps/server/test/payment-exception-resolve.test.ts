import { ERROR_MESSAGES, ErrorCode, OPERATOR_BASE, OperatorPath, STAFF_COOKIE, type Page, type PaymentException } from '@lend/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, paymentExceptions, payments } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { deliver, issueReference, mexicoDate, moneyWritten, paymentEvent, repayingOrder, type RepayingOrder } from './payment-helpers';
import { signedInDesks, testClock, type Envelope, type StaffSession } from './staff-helpers';

/** Closing a kept delivery with what an operator did about it (docs/decisions/208). */
let t: TestApp;
const clock = testClock();
let officer: StaffSession;
let agent: StaffSession;
let order: RepayingOrder;
let reference: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true, now: clock.now });
  ({ officer, agent } = await signedInDesks(t, clock));
  order = await repayingOrder(t, '5566740001', 'peso-plus-120', mexicoDate(20));
  reference = await issueReference(t, order, 1_000_00);
});
afterAll(async () => t?.close());

const resolvePath = (id: number) => OperatorPath.paymentExceptionResolve.replace(':id', String(id));

/** A staff member's call, in the language the back office names (1 English, 2 Spanish). */
async function staffPost<T>(who: StaffSession, path: string, body: Record<string, unknown>, language: '1' | '2' = '1'): Promise<Envelope<T> & { status: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${OPERATOR_BASE}${path}`,
    headers: { cookie: `${STAFF_COOKIE}=${who.cookie}`, 'x-csrf-token': who.csrf, language },
    payload: body,
  });
  return { ...response.json<Envelope<T>>(), status: response.statusCode };
}

async function listed(state?: string): Promise<PaymentException[]> {
  const answer = await callOperatorApi<Page<PaymentException>>(t.app, 'GET', `${OperatorPath.paymentExceptions}?limit=200${state ? `&state=${state}` : ''}`);
  expect(answer.code).toBe(0);
  return answer.data.items;
}

/** A delivery the webhook refuses and keeps: paid a day after we received it. */
async function parkedInFuture(): Promise<PaymentException> {
  const event = paymentEvent(order, reference, 1_000_00, { paidAt: new Date(clock.now().getTime() + 86_400_000).toISOString() });
  expect((await deliver(t, event)).status).toBe(422);
  const found = (await listed()).find((item) => item.eventId === event.id);
  if (!found) throw new Error(`delivery ${event.id} was not kept`);
  return found;
}

/** Everything that would say money moved: receipts, ledger entries, the order itself. */
async function moneySnapshot() {
  const [receipts] = await t.database.db.select({ n: count() }).from(payments);
  const [entries] = await t.database.db.select({ n: count() }).from(ledgerEntries);
  return { receipts: receipts?.n, entries: entries?.n, order: await moneyWritten(t, order.orderId) };
}

describe('an operator resolving a payment exception', () => {
  it('closes an event id reused with other content, audited, and moves no money', async () => {
    const event = paymentEvent(order, reference, 1_000_00);
    expect((await deliver(t, event)).status).toBe(200);
    expect((await deliver(t, { ...event, amountMinor: 7_000_00 })).status).toBe(409);
    const kept = (await listed('open')).find((item) => item.eventId === event.id);
    expect(kept).toMatchObject({ reason: 'event_id_reused', resolution: null });
    const id = kept?.id ?? 0;
    const before = await moneySnapshot();

    const startedAt = Date.now();
    const answer = await staffPost<PaymentException>(officer, resolvePath(id), { resolution: 'no_money_moved', note: '  Provider resent a test event, ticket 4411  ' });
    expect(answer).toMatchObject({ status: 200, code: 0 });
    expect(answer.data).toMatchObject({
      id,
      eventId: event.id,
      resolution: { outcome: 'no_money_moved', note: 'Provider resent a test event, ticket 4411', by: 'officer@lender.example' },
    });
    expect(Date.parse(answer.data.resolution?.at ?? '')).toBeGreaterThanOrEqual(startedAt);

    expect(await moneySnapshot()).toEqual(before);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.exception.resolve'), eq(auditLog.objectId, String(id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorKind: 'staff',
      actorEmail: 'officer@lender.example',
      role: 'credit-officer',
      objectType: 'payment-exception',
      before: { provider: 'sandbox-cash', eventId: event.id, reason: 'event_id_reused', resolution: null },
      after: { resolution: 'no_money_moved', note: 'Provider resent a test event, ticket 4411' },
    });
  });

  it('lists the open ones by default, and the resolved ones or all when asked', async () => {
    const open = await parkedInFuture();
    const resolved = await parkedInFuture();
    expect((await staffPost(officer, resolvePath(resolved.id), { resolution: 'returned_to_payer', note: 'SPEI return 9921' })).status).toBe(200);

    const ids = (items: PaymentException[]) => items.map((item) => item.id);
    expect(ids(await listed())).toContain(open.id);
    expect(ids(await listed())).not.toContain(resolved.id);
    expect(ids(await listed('open'))).toEqual(ids(await listed()));
    const closed = await listed('resolved');
    expect(ids(closed)).toContain(resolved.id);
    expect(ids(closed)).not.toContain(open.id);
    expect(closed.every((item) => item.resolution !== null)).toBe(true);
    const all = ids(await listed('all'));
    expect(all.indexOf(resolved.id)).toBeLessThan(all.indexOf(open.id));
    expect((await callOperatorApi(t.app, 'GET', `${OperatorPath.paymentExceptions}?state=closed`)).status).toBe(400);
  });

  it('refuses a second resolution and keeps the first', async () => {
    const kept = await parkedInFuture();
    const first = await staffPost<PaymentException>(officer, resolvePath(kept.id), { resolution: 'applied_by_hand', note: 'Recorded as SPEI 0042' });
    expect(first.status).toBe(200);

    const again = await staffPost(officer, resolvePath(kept.id), { resolution: 'no_money_moved', note: 'changed my mind' }, '2');
    expect(again).toMatchObject({ status: 409, code: ErrorCode.PaymentExceptionResolved, message: ERROR_MESSAGES[ErrorCode.PaymentExceptionResolved].es });
    const byToken = await callOperatorApi(t.app, 'POST', resolvePath(kept.id), { resolution: 'no_money_moved', note: 'again' });
    expect(byToken).toMatchObject({ status: 409, code: ErrorCode.PaymentExceptionResolved, message: ERROR_MESSAGES[ErrorCode.PaymentExceptionResolved].en });
    expect((await listed('resolved')).find((item) => item.id === kept.id)?.resolution).toEqual(first.data.resolution);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.exception.resolve'), eq(auditLog.objectId, String(kept.id))))).toHaveLength(1);
  });

  it('refuses an unknown exception, an unknown outcome and an empty note, in the caller’s language', async () => {
    const kept = await parkedInFuture();
    expect(await staffPost(officer, resolvePath(2_000_000_000), { resolution: 'no_money_moved', note: 'test' })).toMatchObject({
      status: 404,
      code: ErrorCode.PaymentExceptionNotFound,
      message: ERROR_MESSAGES[ErrorCode.PaymentExceptionNotFound].en,
    });
    expect(await staffPost(officer, resolvePath(kept.id), { resolution: 'refunded', note: 'test' }, '2')).toMatchObject({
      status: 400,
      code: ErrorCode.InvalidRequest,
      message: ERROR_MESSAGES[ErrorCode.InvalidRequest].es.replace('{field}', 'resolution'),
    });
    expect(await staffPost(officer, resolvePath(kept.id), { resolution: 'no_money_moved', note: '   ' })).toMatchObject({
      status: 400,
      code: ErrorCode.InvalidRequest,
      message: ERROR_MESSAGES[ErrorCode.InvalidRequest].en.replace('{field}', 'note'),
    });
    expect((await staffPost(officer, resolvePath(kept.id), { resolution: 'no_money_moved', note: 'x'.repeat(501) })).status).toBe(400);
    expect((await listed('open')).map((item) => item.id)).toContain(kept.id);
  });

  it('refuses an agent, and names the operator token as the audit log does', async () => {
    const kept = await parkedInFuture();
    expect(await staffPost(agent, resolvePath(kept.id), { resolution: 'no_money_moved', note: 'test' })).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    const byToken = await callOperatorApi<PaymentException>(t.app, 'POST', resolvePath(kept.id), { resolution: 'applied_by_hand', note: 'Booked with payment record' });
    expect(byToken).toMatchObject({ status: 200, data: { resolution: { outcome: 'applied_by_hand', by: 'token' } } });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.exception.resolve'), eq(auditLog.objectId, String(kept.id))));
    expect(entry).toMatchObject({ actorKind: 'token', actorEmail: null });
  });

  it('is kept whole by the table: the four columns are all set or all empty, the outcome one of three', async () => {
    const kept = await parkedInFuture();
    const where = eq(paymentExceptions.id, kept.id);
    await expect(t.database.db.update(paymentExceptions).set({ resolvedAt: new Date(), resolvedBy: 'x', resolution: 'no_money_moved' }).where(where)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update payment_exceptions set resolved_at = now(), resolved_by = 'x', resolution = 'lost', resolution_note = '' where id = ${kept.id}`)).rejects.toThrow();
    await t.database.db.update(paymentExceptions).set({ resolvedAt: new Date(), resolvedBy: 'x', resolution: 'no_money_moved', resolutionNote: '' }).where(where);
  });
});
