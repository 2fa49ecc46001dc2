import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardRepayments } from '../src/db/schema';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { commit, confirm, latestCode, movableClock, orderWithCard, reconcile, reconcileLater, recordRow, result, sandboxCharges, way } from './card-helpers';
import { owed, paymentsOf } from './payment-helpers';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS, now: clock.now });
});
afterAll(async () => t?.close());

describe('a charge that does not pay', () => {
  it('records a declined card and moves no money (800010)', async () => {
    const order = await orderWithCard(t, '5579910001', 'decline');
    const before = await owed(t, order.orderId);
    const listing = await way(t, order);
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id }, '1');
    expect(answer).toMatchObject({
      status: 402,
      code: '800010',
      message: 'Your bank declined the payment. Try another card or pay in cash.',
      data: { needValid: 0, result: { status: 'declined', receiptNo: null } },
    });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect(await owed(t, order.orderId)).toBe(before);
    // The same listing again answers the same outcome without a second charge.
    expect((await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id })).code).toBe('800010');
    expect(await sandboxCharges(t, [answer.data.repayRecordId])).toHaveLength(1);
  });

  it('records a card without funds and moves no money (800011)', async () => {
    const order = await orderWithCard(t, '5579910002', 'insufficient');
    const listing = await way(t, order);
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    expect(answer).toMatchObject({ status: 402, code: '800011', data: { result: { status: 'insufficientFunds' } } });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
  });
});

describe('a charge whose answer is lost', () => {
  it('leaves the record charging (800012); the reconciler settles it once', async () => {
    const order = await orderWithCard(t, '5579920001', 'timeout');
    const before = await owed(t, order.orderId);
    const listing = await way(t, order);
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    expect(answer).toMatchObject({ status: 202, code: '800012', data: { result: { status: 'charging' } } });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);

    // Not before the grace time: the live request may still be waiting on the provider.
    expect(await reconcile(t)).toMatchObject({ paid: 0 });
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, paid: 1, pending: 0 });
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 0, paid: 0 });

    const settled = await result(t, order, answer.data.repayRecordId);
    expect(settled).toMatchObject({ status: 'paid', receiptNo: `${order.orderNo}-1`, balanceAfter: before - listing.amount });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect(await sandboxCharges(t, [answer.data.repayRecordId])).toHaveLength(1);
  });

  it('fails a record the provider never charged, once the grace time passed', async () => {
    const order = await orderWithCard(t, '5579920002', 'code');
    const listing = await way(t, order);
    const committed = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    // A record left charging before any charge reached the provider (a crash at `before-charge`).
    const record = await recordRow(t, committed.data.repayRecordId);
    await t.database.db.update(cardRepayments).set({ status: 'charging', chargeStartedAt: new Date() }).where(eq(cardRepayments.id, record.id));
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, failed: 1 });
    expect((await result(t, order, committed.data.repayRecordId)).status).toBe('failed');
    // The code can no longer charge it.
    expect((await confirm(t, order, committed.data.repayRecordId, await latestCode(t, order.phone))).code).toBe('800005');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
  });
});
