import { LoanStatus, OperatorPath, PAYOUT_WEBHOOK_BASE, SIGNATURE_HEADER, type SettlementReportView } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutEvents, sandboxPayouts } from '../src/db/schema';
import { sign } from '../src/providers/payments/webhook-signature';
import { SANDBOX_PAYOUT_WEBHOOK_SECRET } from '../src/providers/payouts/payout-config';
import { sandboxRailOf } from '../src/providers/payouts/payout-rails';
import { createTestApp, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { approvedOrder, orderOf, payoutList, payoutsOf, runReconciler, runSender, sandboxPayout } from './payout-helpers';

/**
 * A payout whose answer was lost (docs/decisions/152, 153): the process dies before the provider
 * is called or after it accepted, or the call times out; the reconciler finds each by its key and
 * there is exactly one transfer. Notifications are applied once, and one about a payout we never
 * made is kept for an operator.
 */

const MINUTE_MS = 60_000;
let clock = new Date();
let crashAt: string | undefined;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    now: () => clock,
    env: { PAYOUT_RECONCILE_AFTER_MS: String(MINUTE_MS) },
    payoutCrashAt: (point) => {
      if (point === crashAt) throw new Error(`the process died at ${point}`);
    },
  });
});
afterAll(async () => t?.close());

const transfersFor = async (idempotencyKey: string) => t.database.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.idempotencyKey, idempotencyKey));

describe('a payout whose outcome was lost', () => {
  for (const [point, phone, sentBefore] of [['before-send', '5573000001', 0], ['after-send', '5573000002', 1]] as const) {
    it(`ends as one transfer when the process dies ${point === 'before-send' ? 'between marking it sent and calling the provider' : 'after the provider accepted it'}`, async () => {
      const { session, orderNo } = await approvedOrder(t.app, phone, 'peso-plus-120');
      crashAt = point;
      expect((await runSender(t.app)).status).toBe(500);
      crashAt = undefined;
      const [left] = await payoutsOf(t.app, orderNo);
      expect(left?.status).toBe('sending');
      expect(await transfersFor(left?.idempotencyKey ?? '')).toHaveLength(sentBefore);

      expect((await runReconciler(t.app)).data.checked).toBe(0);
      clock = new Date(clock.getTime() + 2 * MINUTE_MS);
      expect((await runReconciler(t.app)).data).toMatchObject({ checked: 1, inFlight: 1 });
      expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');
      expect(await transfersFor(left?.idempotencyKey ?? '')).toHaveLength(1);
      await sandboxPayout(t.app, orderNo, 'settle');
      expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
    });
  }

  it('leaves a payout whose send timed out for the reconciler, which finds it accepted', async () => {
    const { orderNo } = await approvedOrder(t.app, '+919873000001', 'rupee-easy-91');
    const rail = sandboxRailOf(t.app.payouts.rails, 'IN');
    if (!rail) throw new Error('no sandbox rail');
    rail.faults.timeOutAfterAccepting = true;
    expect((await runSender(t.app)).data.waiting).toBeGreaterThanOrEqual(1);
    rail.faults.timeOutAfterAccepting = false;
    expect((await payoutList(t.app, 'queue')).find((p) => p.orderNo === orderNo)?.status).toBe('sending');
    clock = new Date(clock.getTime() + 2 * MINUTE_MS);
    await runReconciler(t.app);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');
    await sandboxPayout(t.app, orderNo, 'settle');
  });
});

describe('the sandbox rail', () => {
  it('keeps one transfer per key, however often it is sent', async () => {
    const rail = sandboxRailOf(t.app.payouts.rails, 'MX');
    if (!rail) throw new Error('no sandbox rail');
    const beneficiary = { payoutAccountId: 1, borrowerId: 1, kind: 'clabe' as const, accountNumber: '002180000118312346', bankCode: '002', holderName: 'Test Borrower' };
    const request = { payoutId: 1, idempotencyKey: 'PO-ONE-KEY-1', orderNo: 'LN-ONE', amountMinor: 900_00, currency: 'MXN' as const, beneficiary, narration: 'Loan LN-ONE' };
    const [first, again] = await Promise.all([rail.send(request), rail.send(request)]);
    expect(again).toEqual(first);
    expect(await transfersFor('PO-ONE-KEY-1')).toHaveLength(1);
    expect(await rail.lookup({ idempotencyKey: 'PO-NEVER-SENT', sentOn: '' })).toBe('not-found');
  });
});

describe('payout notifications', () => {
  const deliver = (body: string, signature = sign(SANDBOX_PAYOUT_WEBHOOK_SECRET, body, clock)) =>
    t.app.inject({ method: 'POST', url: `${PAYOUT_WEBHOOK_BASE}/sandbox-payout`, payload: body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature } });

  it('applies a notification once, whatever number of times it is delivered', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5573000003', 'peso-flex-91');
    await runSender(t.app);
    const [payout] = await payoutsOf(t.app, orderNo);
    const paidAt = clock.toISOString();
    const body = JSON.stringify({
      eventId: `evt-${orderNo}`,
      idempotencyKey: payout?.idempotencyKey,
      providerPayoutId: 'sbxpo_from_the_bank',
      state: { status: 'paid', providerPayoutId: 'sbxpo_from_the_bank', transferRef: 'SBX20260101123456789', paidAt },
    });
    expect((await deliver(body)).json()).toEqual({ received: true, replay: false });
    expect((await deliver(body)).json()).toEqual({ received: true, replay: true });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'paid', transferRef: 'SBX20260101123456789' });
  });

  it('ends a payout returned before we heard it was paid without touching the order or its books', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5573000004', 'peso-flex-91');
    await runSender(t.app);
    const [payout] = await payoutsOf(t.app, orderNo);
    const state = { status: 'reversed', providerPayoutId: 'sbxpo_returned', reason: 'account-closed', detail: 'Devuelta por el banco' };
    const body = JSON.stringify({ eventId: `evt-return-${orderNo}`, idempotencyKey: payout?.idempotencyKey, providerPayoutId: 'sbxpo_returned', state });
    expect((await deliver(body)).json()).toEqual({ received: true, replay: false });
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'reversed', reason: 'account-closed' });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursing);
    expect((await payoutList(t.app, 'attention')).map((p) => p.orderNo)).toContain(orderNo);
  });

  it('keeps a notification about a payout we never made for an operator, and refuses an unsigned one', async () => {
    const body = JSON.stringify({ eventId: 'evt-stranger', idempotencyKey: 'PO999999-1', providerPayoutId: 'sbxpo_stranger', state: { status: 'processing', providerPayoutId: 'sbxpo_stranger' } });
    expect((await deliver(body)).json()).toEqual({ received: true, replay: false });
    expect((await deliver(body)).json()).toEqual({ received: true, replay: true });
    const kept = await t.database.db.select().from(payoutEvents).where(eq(payoutEvents.eventId, 'evt-stranger'));
    expect(kept).toMatchObject([{ outcome: 'unknown-payout', payoutId: null }]);
    const listed = await callOperatorApi<{ eventId: string }[]>(t.app, 'GET', OperatorPath.payoutEventsUnmatched);
    expect(listed.data.map((event) => event.eventId)).toContain('evt-stranger');
    expect((await deliver(body, 't=1,v1=00')).statusCode).toBe(401);
    expect((await deliver(body, sign('another-secret-of-at-least-32-characters', body, clock))).statusCode).toBe(401);
  });
});

describe('the daily ceiling and settlement', () => {
  let capped: TestApp;
  let day = new Date();
  afterAll(async () => capped?.close());

  it('holds what would take a market’s day above its ceiling until the next day, and settles the payouts against the provider’s day', async () => {
    const probe = await approvedOrder(t.app, '+919873000002', 'rupee-easy-91');
    const net = probe.order.disbursalMinor;
    capped = await createTestApp({ seed: true, now: () => day, env: { PAYOUT_DAILY_LIMIT_IN: String(net + net / 2) } });
    const first = await approvedOrder(capped.app, '+919873000003', 'rupee-easy-91');
    const second = await approvedOrder(capped.app, '+919873000004', 'rupee-easy-91');
    expect((await runSender(capped.app)).data).toMatchObject({ inFlight: 1, waiting: 1 });
    expect((await payoutList(capped.app, 'ceiling')).map((p) => p.orderNo)).toEqual([second.orderNo]);
    expect((await runSender(capped.app)).data).toMatchObject({ inFlight: 0, waiting: 1 });
    await sandboxPayout(capped.app, first.orderNo, 'settle');
    const settledDay = day.toISOString().slice(0, 10);

    day = new Date(day.getTime() + 86_400_000);
    expect((await runSender(capped.app)).data).toMatchObject({ inFlight: 1, waiting: 0 });
    expect(await payoutList(capped.app, 'ceiling')).toEqual([]);
    await sandboxPayout(capped.app, second.orderNo, 'settle');

    const run = await callOperatorApi<{ reports: SettlementReportView[] }>(capped.app, 'POST', OperatorPath.settlementReports, { day: settledDay, provider: 'sandbox-payout' });
    expect(run.data.reports).toMatchObject([{ provider: 'sandbox-payout', matchedCount: 1, missingInLedger: [], missingAtProvider: [] }]);
  });
});
