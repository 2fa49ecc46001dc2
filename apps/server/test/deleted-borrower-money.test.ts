import { ErrorCode, PaymentExceptionReason, PrivacyPath } from '@lend/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, paymentExceptions, paymentReferences } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { recordTransfer } from './operator-payment-helpers';
import { deliver, issueReference, mexicoDate, moneyWritten, orderRow, owed, paymentEvent, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';
import { privacyCall } from './privacy-helpers';
import { stripeCashApp, stripeCashFlows } from './stripe-cash-helpers';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe-stand-in';
import { createTestApp, type TestApp } from './helper';

/** A borrower whose loan is paid off by transfer while a cash reference of theirs is still open. */
async function settledWithOpenReference(t: TestApp, phone: string, issue: (order: RepayingOrder) => Promise<string>) {
  const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
  const reference = await issue(order);
  const paid = await recordTransfer(t.app, order.orderNo, await owed(t, order.orderId), 'SPEI payoff');
  expect(paid.status).toBe(200);
  expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
  return { order, reference };
}

function deletedBorrowerExceptions(t: TestApp, eventId: string) {
  return t.database.db
    .select()
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.eventId, eventId), eq(paymentExceptions.reason, PaymentExceptionReason.BorrowerDeleted)));
}

async function referenceRow(t: TestApp, reference: string) {
  const [row] = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
  if (!row) throw new Error(`no reference ${reference}`);
  return row;
}

async function phoneOf(t: TestApp, order: RepayingOrder): Promise<string | undefined> {
  const [row] = await t.database.db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, Number(order.session.userId)));
  return row?.phone;
}

describe('money for a deleted borrower (sandbox cash)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it('voids the open references, and a reference paid after the deletion is kept for an operator, not credited', async () => {
    const { order, reference } = await settledWithOpenReference(t, '5513230001', (o) => issueReference(t, o, 1_000_00));
    const before = Date.now();
    const deleted = await privacyCall(t.app, order.session, PrivacyPath.deleteAccount);
    expect(deleted.code).toBe(0);
    expect((await referenceRow(t, reference)).expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await referenceRow(t, reference)).expiresAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);

    const written = await moneyWritten(t, order.orderId);
    // Paid at the store a moment before the deletion, reported after it.
    const event = paymentEvent(order, reference, 1_000_00, { paidAt: new Date(before - 500).toISOString() });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await deliver(t, event);
      expect(answer).toMatchObject({ status: 409, body: { error: 'borrower_deleted' } });
    }
    expect(await moneyWritten(t, order.orderId)).toEqual(written);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    const kept = await deletedBorrowerExceptions(t, event.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ provider: 'sandbox-cash', paymentId: null, resolvedAt: null, event: { reference, amountMinor: 1_000_00 } });
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });

  it('a payment racing the deletion either lands first and holds the deletion back, or is kept for an operator after it', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      const { order, reference } = await settledWithOpenReference(t, `55132301${10 + round}`, (o) => issueReference(t, o, 1_000_00));
      const event = paymentEvent(order, reference, 1_000_00);
      const [deleted, paid] = await Promise.all([privacyCall(t.app, order.session, PrivacyPath.deleteAccount), deliver(t, event)]);
      const { creditMinor } = await orderRow(t, order.orderId);
      const phone = await phoneOf(t, order);
      if (paid.status === 200) {
        // The payment came first: its credit is the borrower's, and the deletion waits for it to be returned.
        expect(deleted.code).toBe(ErrorCode.PrivacyCreditHeld);
        expect(creditMinor).toBe(1_000_00);
        expect(phone?.startsWith('deleted-')).toBe(false);
        outcomes.add('paid first');
      } else {
        expect(deleted.code).toBe(0);
        expect(paid).toMatchObject({ status: 409, body: { error: 'borrower_deleted' } });
        expect(creditMinor).toBe(0);
        expect(await deletedBorrowerExceptions(t, event.id)).toHaveLength(1);
        outcomes.add('deleted first');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});

describe('money for a deleted borrower (Stripe OXXO)', () => {
  const WEBHOOK_SECRET = `whsec_${'d3l3t3d0'.repeat(4)}`;
  let stand: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await stripeCashApp(stand.url, WEBHOOK_SECRET);
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  it('cancels the open vouchers at Stripe; one paid at the store before the deletion is kept for an operator when Stripe reports it', async () => {
    const flows = stripeCashFlows(t, stand, WEBHOOK_SECRET);
    let paidVoucher = '';
    const { order } = await settledWithOpenReference(t, '5513230201', async (o) => {
      paidVoucher = (await flows.issue(o, 1_000_00, 'tienda-demo')).id;
      return (await flows.issue(o, 2_000_00, 'tienda-demo')).id;
    });
    const openVoucher = [...stand.intents.values()].find((intent) => intent.amount === 2_000_00 && intent.metadata.orderNo === order.orderNo);
    if (!openVoucher) throw new Error('no open voucher');
    // Paid at the store; Stripe has not told us yet.
    stand.succeeded(paidVoucher);

    expect((await privacyCall(t.app, order.session, PrivacyPath.deleteAccount)).code).toBe(0);
    expect(stand.intents.get(openVoucher.id)?.status).toBe('canceled');
    expect(stand.calls.filter((call) => call.path.endsWith('/cancel')).map((call) => call.path)).toEqual(
      expect.arrayContaining([`/v1/payment_intents/${openVoucher.id}/cancel`]),
    );
    const [open] = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.providerPaymentId, openVoucher.id));
    expect(open?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());

    const written = await moneyWritten(t, order.orderId);
    const answer = await flows.deliverEvent('payment_intent.succeeded', stand.intents.get(paidVoucher));
    expect(answer).toMatchObject({ status: 409, body: { error: 'borrower_deleted' } });
    expect(await moneyWritten(t, order.orderId)).toEqual(written);
    expect(await deletedBorrowerExceptions(t, paidVoucher)).toHaveLength(1);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});
