import { ErrorCode, OperatorPath, type CardReconcileOneResult, type IssuedReference, type Page, type WebhookDelivery, type PendingCardCharge, type RefundApprovalView, type RefundView } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, refundApprovals } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { commit, orderWithCard, recordRow, way } from './card-helpers';
import { createTestApp, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { deliver, issueReference, mexicoDate, orderRow, paymentEvent, repayingOrder } from './payment-helpers';
import { overpaidOrder, refundsOf } from './refund-helpers';
import { MINUTE, signedInAdmin, signIn, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

type Asked = { replay: boolean; refund: RefundView | null; approval: RefundApprovalView | null };
type Approved = { replay: boolean; approval: RefundApprovalView; refund: RefundView };

/** A refund above the limit waits for a second person (docs/decisions/180); one charge is reconciled once (181). */
describe('refunds above the limit and one card charge reconciled', () => {
  let t: TestApp;
  const clock = testClock();
  let admin: StaffSession;
  let second: StaffSession;
  let third: StaffSession;
  let officer: StaffSession;
  let agent: StaffSession;
  beforeAll(async () => {
    // 30.00 pesos alone in Mexico; India keeps the general limit.
    t = await createTestApp({ seed: true, now: clock.now, env: { STAFF_REFUND_LIMIT_MINOR: '900000', STAFF_REFUND_LIMIT_MINOR_MX: '3000' } });
    admin = await signedInAdmin(t, clock);
    second = await signedInStaff(t, clock, admin, 'second@lender.example', 'admin');
    third = await signedInStaff(t, clock, admin, 'third@lender.example', 'admin');
    officer = await signedInStaff(t, clock, admin, 'officer@lender.example', 'credit-officer');
    agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
  });
  afterAll(async () => t?.close());

  const books = async () => expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  const ask = (who: StaffSession, orderNo: string, amountMinor: number, idempotencyKey?: string) =>
    staffCall<Asked>(t, who, 'POST', OperatorPath.refunds, { orderNo, amountMinor, recordedBy: 'desk', ...(idempotencyKey ? { idempotencyKey } : {}) });
  const approve = (who: StaffSession, id: number) => staffCall<Approved>(t, who, 'POST', OperatorPath.refundApprovalApprove.replace(':approvalId', String(id)));
  const decline = (who: StaffSession, id: number, note: string) =>
    staffCall<{ replay: boolean; approval: RefundApprovalView }>(t, who, 'POST', OperatorPath.refundApprovalDecline.replace(':approvalId', String(id)), { note });

  it('keeps a refund above the limit as a request that a different administrator approves, once', async () => {
    const order = await overpaidOrder(t, '5567710001', 100_00);
    expect((await ask(officer, order.orderNo, 30_00)).data.refund).toMatchObject({ amountMinor: 30_00 });

    const asked = await ask(officer, order.orderNo, 40_01, 'desk-key-0001');
    expect(asked).toMatchObject({ code: 0, data: { replay: false, refund: null, approval: { status: 'pending', amountMinor: 40_01, requestedBy: 'officer@lender.example' } } });
    const id = asked.data.approval?.id ?? 0;
    // Asking again with the same key is the same request; another request of the order waits for this one.
    expect((await ask(officer, order.orderNo, 40_01, 'desk-key-0001')).data).toMatchObject({ replay: true, approval: { id } });
    expect(await ask(admin, order.orderNo, 45_00)).toMatchObject({ status: 409, code: ErrorCode.RefundApprovalAlreadyPending });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(70_00);
    expect(await refundsOf(t, order.orderId)).toHaveLength(1);

    const pending = await staffCall<Page<RefundApprovalView>>(t, officer, 'GET', `${OperatorPath.refundApprovals}?status=pending`);
    expect(pending.data.items.map((item) => item.id)).toContain(id);
    // A credit officer and an agent cannot approve; the agent cannot even read the list.
    expect(await approve(officer, id)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    expect(await approve(agent, id)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    expect(await staffCall(t, agent, 'GET', OperatorPath.refundApprovals)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });

    const approved = await approve(second, id);
    expect(approved).toMatchObject({ code: 0, data: { replay: false, approval: { status: 'approved', decidedBy: 'second@lender.example' }, refund: { amountMinor: 40_01 } } });
    expect((await approve(third, id)).data).toMatchObject({ replay: true, refund: { id: approved.data.refund.id } });
    expect(await refundsOf(t, order.orderId)).toHaveLength(2);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(29_99);
    await books();

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, String(id)));
    expect(entries.filter((entry) => entry.objectType === 'refund-approval').map((entry) => [entry.action, entry.actorEmail, entry.before, entry.after])).toEqual([
      ['refund.request', 'officer@lender.example', { creditMinor: 70_00 }, expect.objectContaining({ status: 'pending', amountMinor: 40_01 })],
      ['refund.approve', 'second@lender.example', expect.objectContaining({ status: 'pending' }), expect.objectContaining({ status: 'approved', refundId: approved.data.refund.id })],
    ]);
  });

  it('never lets the person who asked approve, and takes the token as an asker only', async () => {
    const order = await overpaidOrder(t, '5567710002', 80_00);
    const asked = await ask(admin, order.orderNo, 70_00);
    const id = asked.data.approval?.id ?? 0;
    expect(await approve(admin, id)).toMatchObject({ status: 403, code: ErrorCode.RefundApprovalOwnRequest });
    expect(await decline(admin, id, 'mine')).toMatchObject({ status: 403, code: ErrorCode.RefundApprovalOwnRequest });
    expect(await callOperatorApi(t.app, 'POST', OperatorPath.refundApprovalApprove.replace(':approvalId', String(id)))).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    expect(await refundsOf(t, order.orderId)).toHaveLength(0);
    expect((await decline(second, id, 'asked twice')).data.approval.status).toBe('declined');

    const byToken = await callOperatorApi<Asked>(t.app, 'POST', OperatorPath.refunds, { orderNo: order.orderNo, amountMinor: 60_00, recordedBy: 'script' });
    expect(byToken.data.approval).toMatchObject({ requestedBy: 'operator token', requestedByStaffId: null, status: 'pending' });
    expect((await approve(admin, byToken.data.approval?.id ?? 0)).data.refund).toMatchObject({ amountMinor: 60_00 });
    await books();
  });

  it('lets nobody approve a request raised by an account they created, or by the token in their name', async () => {
    const order = await overpaidOrder(t, '5567710011', 80_00);
    // The first administrator made the credit officer's account.
    const asked = await ask(officer, order.orderNo, 70_00);
    const id = asked.data.approval?.id ?? 0;
    expect(await approve(admin, id)).toMatchObject({ status: 403, code: ErrorCode.RefundApprovalOwnRequest });
    expect(await decline(admin, id, 'mine')).toMatchObject({ status: 403, code: ErrorCode.RefundApprovalOwnRequest });
    expect(await refundsOf(t, order.orderId)).toHaveLength(0);
    expect((await decline(second, id, 'asked again below')).code).toBe(0);

    const byToken = await callOperatorApi<Asked>(t.app, 'POST', OperatorPath.refunds, { orderNo: order.orderNo, amountMinor: 70_00, recordedBy: 'Second' });
    const tokenId = byToken.data.approval?.id ?? 0;
    expect(await approve(second, tokenId)).toMatchObject({ status: 403, code: ErrorCode.RefundApprovalOwnRequest });
    expect((await approve(third, tokenId)).data.refund).toMatchObject({ amountMinor: 70_00 });
    await books();
  });

  it('moves no money when declined, and a declined request cannot be approved', async () => {
    const order = await overpaidOrder(t, '5567710003', 90_00);
    const id = (await ask(officer, order.orderNo, 90_00)).data.approval?.id ?? 0;
    expect((await decline(second, id, 'the borrower owes a new loan')).data).toMatchObject({ replay: false, approval: { status: 'declined', decisionNote: 'the borrower owes a new loan' } });
    expect(await approve(third, id)).toMatchObject({ status: 409, code: ErrorCode.RefundApprovalDecided });
    expect(await refundsOf(t, order.orderId)).toHaveLength(0);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(90_00);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'refund.decline'));
    expect(entry).toMatchObject({ actorEmail: 'second@lender.example', before: { status: 'pending' }, after: { status: 'declined' } });
    await books();
  });

  it('refunds once when two administrators approve at the same moment', async () => {
    const order = await overpaidOrder(t, '5567710004', 120_00);
    const id = (await ask(officer, order.orderNo, 120_00)).data.approval?.id ?? 0;
    const [one, two] = await Promise.all([approve(second, id), approve(third, id)]);
    expect([one.code, two.code]).toEqual([0, 0]);
    expect([one.data.replay, two.data.replay].sort()).toEqual([false, true]);
    expect(one.data.refund.id).toBe(two.data.refund.id);
    expect(await refundsOf(t, order.orderId)).toHaveLength(1);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
    const [row] = await t.database.db.select().from(refundApprovals).where(eq(refundApprovals.id, id));
    expect(row).toMatchObject({ status: 'approved', refundId: one.data.refund.id });
    await books();
  });

  it('reconciles one pending card charge once, asked twice and twice at once', async () => {
    const reconcile = (recordNo: string) => staffCall<CardReconcileOneResult>(t, officer, 'POST', OperatorPath.cardRepaymentReconcile.replace(':recordNo', recordNo));
    const charging: { recordNo: string; orderId: number }[] = [];
    for (const phone of ['5567710005', '5567710006']) {
      const order = await orderWithCard(t, phone, 'timeout');
      const listing = await way(t, order);
      const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
      expect(answer.code).toBe('800012');
      charging.push({ recordNo: (answer.data as { repayRecordId: string }).repayRecordId, orderId: order.orderId });
    }
    const listed = await staffCall<Page<PendingCardCharge>>(t, officer, 'GET', OperatorPath.cardRepaymentsPending);
    expect(listed.data.items.map((item) => item.recordNo)).toEqual(expect.arrayContaining(charging.map((item) => item.recordNo)));
    // A charge waiting on its provider is read in its order's currency and time zone (docs/decisions/238).
    expect(listed.data.items.find((item) => item.recordNo === charging[0]?.recordNo)).toMatchObject({ currency: 'MXN', market: 'MX' });

    const [first, later] = charging as [(typeof charging)[0], (typeof charging)[0]];
    expect((await reconcile(first.recordNo)).data).toMatchObject({ status: 'paid', changed: true });
    expect((await reconcile(first.recordNo)).data).toMatchObject({ status: 'paid', changed: false });
    const together = await Promise.all([reconcile(later.recordNo), reconcile(later.recordNo)]);
    expect(together.map((answer) => answer.data.changed).sort()).toEqual([false, true]);
    for (const { recordNo, orderId } of charging) {
      expect(await recordRow(t, recordNo)).toMatchObject({ status: 'paid' });
      expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    }
    expect((await staffCall<Page<PendingCardCharge>>(t, officer, 'GET', OperatorPath.cardRepaymentsPending)).data.items).toEqual([]);
    expect(await reconcile('no-such-record')).toMatchObject({ status: 404, code: ErrorCode.PendingCardChargeNotFound });
    await books();
  });

  it('lists the cash references issued with their state, filtered and paged on the server', async () => {
    const order = await repayingOrder(t, '5567710007', 'peso-flex-91', mexicoDate(60));
    const paid = await issueReference(t, order, 100_00);
    expect((await deliver(t, paymentEvent(order, paid, 100_00))).status).toBe(200);
    const open = await issueReference(t, order, 123_45);
    const references = (query: string) => staffCall<Page<IssuedReference>>(t, officer, 'GET', `${OperatorPath.paymentReferences}?orderNo=${order.orderNo}${query}`);
    const all = await references('');
    expect(all.data.items.map((item) => [item.reference, item.state])).toEqual([
      [open, 'open'],
      [paid, 'paid'],
    ]);
    expect(all.data.items.map((item) => [item.amountMinor, item.currency, item.market])).toEqual([
      [123_45, 'MXN', 'MX'],
      [100_00, 'MXN', 'MX'],
    ]);
    expect((await references('&state=paid')).data.items.map((item) => item.state)).toEqual(['paid']);
    expect((await references('&state=open')).data.items.map((item) => item.reference)).toEqual([open]);
    expect((await references('&state=expired')).data.items).toEqual([]);
    const first = await references('&limit=1');
    expect(first.data.items.map((item) => item.reference)).toEqual([open]);
    const next = await references(`&limit=1&cursor=${first.data.nextCursor ?? ''}`);
    expect(next.data).toMatchObject({ items: [{ state: 'paid' }], nextCursor: null });
    expect(await staffCall(t, agent, 'GET', OperatorPath.paymentReferences)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
  });

  it('lists the providers\' deliveries with their outcome, filtered and paged on the server', async () => {
    const order = await repayingOrder(t, '5567710008', 'peso-flex-91', mexicoDate(60));
    const reference = await issueReference(t, order, 50_00);
    const event = paymentEvent(order, reference, 50_00);
    expect((await deliver(t, event)).status).toBe(200);
    expect((await deliver(t, { ...event, amountMinor: 60_00 })).status).toBe(409);
    const deliveries = (query: string) => staffCall<Page<WebhookDelivery>>(t, officer, 'GET', `${OperatorPath.webhookDeliveries}?provider=sandbox-cash${query}`);
    const mine = (page: Page<WebhookDelivery>) => page.items.filter((item) => item.eventId === event.id).map((item) => [item.outcome, item.orderNo]);
    // An applied delivery is read in its order's currency; a kept one names no order, so no currency (docs/decisions/238).
    const currencies = (page: Page<WebhookDelivery>) => page.items.filter((item) => item.eventId === event.id).map((item) => [item.outcome, item.currency, item.market]);
    // The test's clock runs ahead of the database's, which stamps the kept delivery: compare without their order.
    expect(mine((await deliveries('')).data).sort()).toEqual([
      ['applied', order.orderNo],
      ['duplicate', null],
    ]);
    expect(mine((await deliveries('&outcome=applied')).data)).toEqual([['applied', order.orderNo]]);
    expect(currencies((await deliveries('')).data).sort()).toEqual([
      ['applied', 'MXN', 'MX'],
      ['duplicate', null, null],
    ]);
    expect(mine((await deliveries('&outcome=duplicate')).data)).toEqual([['duplicate', null]]);
    expect(mine((await deliveries('&outcome=unknown')).data)).toEqual([]);
    // One at a time, every delivery comes once, newest first.
    const walked: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: Page<WebhookDelivery> = (await deliveries(`&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).data;
      walked.push(...next.items.map((item) => item.key));
      cursor = next.nextCursor;
    }
    const whole = (await deliveries('&limit=100')).data.items.map((item) => item.key);
    expect(walked).toEqual(whole);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('counts what one person sent alone on an order and on a day against the limit, even from two servers at once', async () => {
    const fourth = await signedInStaff(t, clock, admin, 'fourth@lender.example', 'admin');
    const order = await overpaidOrder(t, '5567710009', 50_00);
    // Two refunds of 20.00 on one order, at once: each within the limit of 30.00, together above it.
    const both = await Promise.all([ask(fourth, order.orderNo, 20_00), ask(fourth, order.orderNo, 20_00)]);
    expect(both.map((answer) => answer.code)).toEqual([0, 0]);
    expect(both.filter((answer) => answer.data.refund !== null)).toHaveLength(1);
    expect(both.map((answer) => answer.data.approval).filter((approval) => approval !== null)).toEqual([expect.objectContaining({ status: 'pending', amountMinor: 20_00 })]);
    expect(await refundsOf(t, order.orderId)).toHaveLength(1);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(30_00);

    // On another order the same day: 20.00 sent already, 15.00 more is above the day's limit.
    const other = await overpaidOrder(t, '5567710010', 50_00);
    expect((await ask(fourth, other.orderNo, 15_00)).data).toMatchObject({ refund: null, approval: { status: 'pending', amountMinor: 15_00 } });
    expect(await refundsOf(t, other.orderId)).toHaveLength(0);
    // Someone else alone is not held by this person's sum.
    const fifth = await signedInStaff(t, clock, admin, 'fifth@lender.example', 'credit-officer');
    const decideFirst = await staffCall<Page<RefundApprovalView>>(t, admin, 'GET', `${OperatorPath.refundApprovals}?status=pending`);
    const waiting = decideFirst.data.items.find((item) => item.orderNo === other.orderNo);
    expect((await decline(second, waiting?.id ?? 0, 'sent by the other desk')).code).toBe(0);
    expect((await ask(fifth, other.orderNo, 15_00)).data.refund).toMatchObject({ amountMinor: 15_00 });
    // The next day starts again (sessions do not last a day: signed in again).
    clock.advance(24 * 60 * MINUTE);
    const nextDay = await signIn(t, clock, 'fourth@lender.example', 'correct horse battery staple', fourth.secret);
    expect((await ask(nextDay, other.orderNo, 10_00)).data.refund).toMatchObject({ amountMinor: 10_00 });
    await books();
  });
});
