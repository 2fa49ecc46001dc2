import { WEBHOOK_TOLERANCE_SECONDS } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentChannels, paymentReferences } from '../src/db/schema';
import { sign, SANDBOX_WEBHOOK_SECRET } from '../src/providers/payments/webhook-signature';
import { createTestApp, type TestApp } from './helper';
import { deliver, issueReference, mexicoDate, moneyWritten, paymentEvent, repayingOrder, WEBHOOK_PATH, type RepayingOrder } from './payment-helpers';

let t: TestApp;
let order: RepayingOrder;
let reference: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  order = await repayingOrder(t, '5566620001', 'peso-plus-120', mexicoDate(20));
  reference = await issueReference(t, order, 1_000_00);
});
afterAll(async () => t?.close());

async function expectRefused(delivery: Promise<{ status: number; body: unknown }>, status: number, error: string) {
  const before = await moneyWritten(t, order.orderId);
  const answer = await delivery;
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ error, message: expect.any(String) });
  expect(await moneyWritten(t, order.orderId)).toEqual(before);
}

describe('a delivery refused before any money moves', () => {
  it('refuses a missing or wrong signature, or a body changed after signing (401)', async () => {
    const event = paymentEvent(order, reference, 1_000_00);
    await expectRefused(deliver(t, event, { signature: null }), 401, 'bad_signature');
    await expectRefused(deliver(t, event, { secret: 'someone-else-entirely-0123456789abcdef' }), 401, 'bad_signature');
    await expectRefused(deliver(t, event, { signature: 't=1,v1=nothex' }), 401, 'bad_signature');
    const signedFor = JSON.stringify(event);
    const header = sign(SANDBOX_WEBHOOK_SECRET, signedFor, new Date());
    await expectRefused(deliver(t, event, { signature: header, rawBody: signedFor.replace('100000', '900000') }), 401, 'bad_signature');
  });

  it('refuses a signed time more than five minutes away, either way (401)', async () => {
    const event = paymentEvent(order, reference, 1_000_00);
    const skew = (WEBHOOK_TOLERANCE_SECONDS + 30) * 1000;
    await expectRefused(deliver(t, event, { signedAt: new Date(Date.now() - skew) }), 401, 'stale_timestamp');
    await expectRefused(deliver(t, event, { signedAt: new Date(Date.now() + skew) }), 401, 'stale_timestamp');
  });

  it('refuses a signed body that is not a payment event (400)', async () => {
    await expectRefused(deliver(t, {}, { rawBody: 'not json' }), 400, 'invalid_event');
    await expectRefused(deliver(t, { ...paymentEvent(order, reference, 1_000_00), type: 'payment.failed' }), 400, 'invalid_event');
    await expectRefused(deliver(t, { ...paymentEvent(order, reference, 1_000_00), amountMinor: 10.5 }), 400, 'invalid_event');
    await expectRefused(deliver(t, { ...paymentEvent(order, reference, 1_000_00), paidAt: 'yesterday' }), 400, 'invalid_event');
  });

  it('refuses an unknown reference, or one of another channel (404)', async () => {
    await expectRefused(deliver(t, paymentEvent(order, '90000000000000', 1_000_00)), 404, 'unknown_reference');
    await expectRefused(deliver(t, paymentEvent(order, reference, 1_000_00, { channel: 'banco-demo' })), 404, 'unknown_reference');
  });

  it("refuses a reference named with another order's number (409)", async () => {
    const other = await repayingOrder(t, '5566620002', 'peso-plus-120', mexicoDate(20));
    await expectRefused(deliver(t, paymentEvent(order, reference, 1_000_00, { orderNo: other.orderNo })), 409, 'reference_order_mismatch');
    await expectRefused(deliver(t, paymentEvent(order, reference, 1_000_00, { orderNo: 'NOSUCHORDER' })), 409, 'reference_order_mismatch');
  });

  it('refuses a reference paid after it expired (409)', async () => {
    const expiring = await issueReference(t, order, 1_500_00);
    // Issued four days ago, so it expired before a payment made a minute after its expiry, which is past.
    const issuedAt = new Date(Date.now() - 4 * 86_400_000);
    const [row] = await t.database.db
      .update(paymentReferences)
      .set({ createdAt: issuedAt, expiresAt: new Date(issuedAt.getTime() + 72 * 3_600_000) })
      .where(eq(paymentReferences.reference, expiring))
      .returning();
    const paidAt = new Date((row?.expiresAt.getTime() ?? 0) + 60_000).toISOString();
    await expectRefused(deliver(t, paymentEvent(order, expiring, 1_500_00, { paidAt })), 409, 'reference_expired');
  });

  it("refuses another market's currency (422)", async () => {
    await expectRefused(deliver(t, paymentEvent(order, reference, 1_000_00, { currency: 'INR' })), 422, 'wrong_currency');
  });

  it("refuses nothing paid, or an amount outside the channel's limits (422)", async () => {
    const [channel] = await t.database.db.select().from(paymentChannels).where(eq(paymentChannels.code, 'tienda-demo'));
    if (!channel) throw new Error('no channel');
    await expectRefused(deliver(t, paymentEvent(order, reference, 0)), 422, 'amount_out_of_range');
    await expectRefused(deliver(t, paymentEvent(order, reference, -100)), 422, 'amount_out_of_range');
    await expectRefused(deliver(t, paymentEvent(order, reference, channel.minAmountMinor - 1)), 422, 'amount_out_of_range');
    await expectRefused(deliver(t, paymentEvent(order, reference, channel.maxAmountMinor + 1)), 422, 'amount_out_of_range');
  });

  it('answers a replay 200 with the first receipt and changes nothing', async () => {
    const event = paymentEvent(order, reference, 1_000_00);
    const first = await deliver(t, event);
    expect(first).toEqual({ status: 200, body: { received: true, receiptNo: expect.any(String), replay: false } });
    const before = await moneyWritten(t, order.orderId);
    const again = await deliver(t, event);
    expect(again).toEqual({ status: 200, body: { received: true, receiptNo: first.body.receiptNo, replay: true } });
    expect(await moneyWritten(t, order.orderId)).toEqual(before);
  });

  it('is described in the API docs, signature header and answers included', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, { post?: { responses?: object; parameters?: { name: string }[] } }> }>();
    const described = docs.paths[WEBHOOK_PATH]?.post;
    expect(Object.keys(described?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '422']));
    expect(described?.parameters?.map((p) => p.name)).toContain('lend-signature');
  });

  it('has a path only for the configured provider', async () => {
    const response = await t.app.inject({ method: 'POST', url: WEBHOOK_PATH.replace('sandbox-cash', 'other-cash'), payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

describe("the webhook's clock", () => {
  it("judges the signed time by the app's clock, not the machine's", async () => {
    const at = new Date('2031-01-15T12:00:00Z');
    const fixed = await createTestApp({ seed: true, now: () => at });
    try {
      const event = paymentEvent(order, '90000000000000', 1_000_00);
      expect((await deliver(fixed, event, { signedAt: new Date() })).body.error).toBe('stale_timestamp');
      expect((await deliver(fixed, event, { signedAt: at })).body.error).toBe('unknown_reference');
    } finally {
      await fixed.close();
    }
  });
});
