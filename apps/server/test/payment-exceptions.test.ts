import { ErrorCode, OperatorPath, PAID_AT_CLOCK_SKEW_MS, type Page, type PaymentException } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../src/cli/command-kit';
import { PAYMENT_COMMANDS } from '../src/cli/payment-commands';
import { paymentReferences, payments } from '../src/db/schema';
import { createTestApp, operatorCommandLine, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { deliver, issueReference, mexicoDate, moneyWritten, paymentEvent, repayingOrder, type RepayingOrder } from './payment-helpers';

let t: TestApp;
let order: RepayingOrder;
let reference: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  order = await repayingOrder(t, '5566630001', 'peso-plus-120', mexicoDate(20));
  reference = await issueReference(t, order, 1_000_00);
});
afterAll(async () => t?.close());

let commandLine: Awaited<ReturnType<typeof operatorCommandLine>> | undefined;
/** The command line against the app, which listens once; each use starts with nothing printed. */
async function freshCommandLine() {
  commandLine ??= await operatorCommandLine(t);
  commandLine.printed.length = 0;
  return commandLine;
}

function command(words: string): Command {
  const found = PAYMENT_COMMANDS.find((c) => c.words.join(' ') === words);
  if (!found) throw new Error(`no command ${words}`);
  return found;
}

async function exceptionsPage(query = ''): Promise<Page<PaymentException>> {
  const answer = await callOperatorApi<Page<PaymentException>>(t.app, 'GET', `${OperatorPath.paymentExceptions}${query}`);
  expect(answer.code).toBe(0);
  return answer.data;
}

/** The exceptions parked for one event id, oldest first. */
async function parkedFor(eventId: string): Promise<PaymentException[]> {
  const found: PaymentException[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<PaymentException> = await exceptionsPage(`?state=all&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    found.push(...page.items.filter((item) => item.eventId === eventId));
    cursor = page.nextCursor;
  } while (cursor);
  return found.reverse();
}

describe('an event id delivered again with other content', () => {
  it('answers 409 and parks it for an operator when the amount differs; the same content is still a replay', async () => {
    const event = paymentEvent(order, reference, 1_000_00);
    const first = await deliver(t, event);
    expect(first).toMatchObject({ status: 200, body: { received: true, replay: false } });
    const before = await moneyWritten(t, order.orderId);

    const otherAmount = await deliver(t, { ...event, amountMinor: 9_000_00 });
    expect(otherAmount).toEqual({ status: 409, body: { error: 'event_id_reused', message: expect.any(String) } });
    expect(await moneyWritten(t, order.orderId)).toEqual(before);

    const same = await deliver(t, event);
    expect(same).toMatchObject({ status: 200, body: { received: true, replay: true, receiptNo: first.body.receiptNo } });

    const [parked] = await parkedFor(event.id);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerEventId, event.id));
    expect(parked).toMatchObject({
      provider: 'sandbox-cash',
      eventId: event.id,
      reason: 'event_id_reused',
      paymentId: payment?.id,
      event: { ...event, amountMinor: 9_000_00 },
      receivedAt: expect.any(String),
    });
  });

  it("answers 409 and parks it when it names another order and its reference, or another currency", async () => {
    const other = await repayingOrder(t, '5566630002', 'peso-plus-120', mexicoDate(20));
    const otherReference = await issueReference(t, other, 1_000_00);
    const event = paymentEvent(order, reference, 1_000_00);
    expect((await deliver(t, event)).status).toBe(200);
    const before = await moneyWritten(t, order.orderId);
    const moved = await deliver(t, { ...event, orderNo: other.orderNo, reference: otherReference });
    expect(moved).toEqual({ status: 409, body: { error: 'event_id_reused', message: expect.any(String) } });
    const unknown = await deliver(t, { ...event, reference: '90000000000000' });
    expect(unknown.status).toBe(409);
    const currency = await deliver(t, { ...event, currency: 'INR' });
    expect(currency.status).toBe(409);
    expect(await moneyWritten(t, order.orderId)).toEqual(before);
    expect((await parkedFor(event.id)).map((p) => p.event.orderNo)).toEqual([other.orderNo, order.orderNo, order.orderNo]);
  });
});

describe('one event id delivered for two orders at the same time', () => {
  it('applies one; the other is refused and kept, whichever order wins the race', async () => {
    const first = await repayingOrder(t, '5566630003', 'peso-plus-120', mexicoDate(20));
    const second = await repayingOrder(t, '5566630004', 'peso-plus-120', mexicoDate(20));
    const references = [await issueReference(t, first, 1_000_00), await issueReference(t, second, 1_000_00)];
    const id = paymentEvent(first, references[0] ?? '', 1_000_00).id;
    const answers = await Promise.all(
      [first, second].map((order, i) => deliver(t, paymentEvent(order, references[i] ?? '', 1_000_00, { id }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(payments).where(eq(payments.providerEventId, id))).toHaveLength(1);
    expect(await parkedFor(id)).toMatchObject([{ reason: 'event_id_reused' }]);
  });
});

describe('a payment date that cannot be true', () => {
  it('refuses a payment made hours in the future and parks it with the reason', async () => {
    const before = await moneyWritten(t, order.orderId);
    const event = paymentEvent(order, reference, 1_000_00, { paidAt: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    expect(await deliver(t, event)).toEqual({ status: 422, body: { error: 'paid_at_out_of_range', message: expect.any(String) } });
    expect(await moneyWritten(t, order.orderId)).toEqual(before);
    expect(await parkedFor(event.id)).toMatchObject([{ reason: 'paid_in_future', paymentId: null, event }]);
  });

  it('refuses a payment made before its reference was issued, and parks it', async () => {
    const [row] = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
    const paidAt = new Date((row?.createdAt.getTime() ?? 0) - 2 * 365 * 86_400_000).toISOString();
    const before = await moneyWritten(t, order.orderId);
    const event = paymentEvent(order, reference, 1_000_00, { paidAt });
    expect(await deliver(t, event)).toEqual({ status: 422, body: { error: 'paid_at_out_of_range', message: expect.any(String) } });
    expect(await moneyWritten(t, order.orderId)).toEqual(before);
    expect(await parkedFor(event.id)).toMatchObject([{ reason: 'paid_before_reference', event }]);
  });

  it("applies a payment a provider's clock puts a little ahead of ours", async () => {
    const event = paymentEvent(order, reference, 1_000_00, { paidAt: new Date(Date.now() + PAID_AT_CLOCK_SKEW_MS / 2).toISOString() });
    expect(await deliver(t, event)).toMatchObject({ status: 200, body: { replay: false } });
    expect(await parkedFor(event.id)).toEqual([]);
  });
});

describe('the payment exceptions an operator reads', () => {
  it('lists them newest first, a page at a time, and the command line prints them', async () => {
    const events = [1, 2, 3].map(() => paymentEvent(order, reference, 1_000_00, { paidAt: new Date(Date.now() + 86_400_000).toISOString() }));
    for (const event of events) expect((await deliver(t, event)).status).toBe(422);
    const firstPage = await exceptionsPage('?limit=2');
    expect(firstPage.items.map((item) => item.eventId)).toEqual([events[2]?.id, events[1]?.id]);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    const secondPage = await exceptionsPage(`?limit=2&cursor=${firstPage.nextCursor}`);
    expect(secondPage.items[0]?.eventId).toBe(events[0]?.id);
    expect((await callOperatorApi(t.app, 'GET', `${OperatorPath.paymentExceptions}?cursor=bm90LWEtY3Vyc29y`)).status).toBe(400);

    const context = await freshCommandLine();
    await command('payment exceptions').run(context, { limit: ['2'] }, []);
    expect(context.printed.map((line) => (JSON.parse(line) as PaymentException).eventId)).toEqual([events[2]?.id, events[1]?.id]);
  });

  it('closes one from the command line with what was done, then lists it among the resolved (docs/decisions/208)', async () => {
    const event = paymentEvent(order, reference, 1_000_00, { paidAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await deliver(t, event)).status).toBe(422);
    const [parked] = await parkedFor(event.id);
    const id = String(parked?.id);
    const resolve = command('payment exception resolve');
    const exceptions = command('payment exceptions');

    const resolving = await freshCommandLine();
    await resolve.run(resolving, { id: [id], resolution: ['no_money_moved'], note: ['a test delivery from the provider'] }, []);
    expect(resolving.printed.map((line) => JSON.parse(line) as PaymentException)).toMatchObject([
      { id: parked?.id, eventId: event.id, resolution: { outcome: 'no_money_moved', note: 'a test delivery from the provider', by: 'token' } },
    ]);
    await expect(resolve.run(resolving, { id: [id], resolution: ['applied_by_hand'], note: ['again'] }, [])).rejects.toMatchObject({ code: ErrorCode.PaymentExceptionResolved });
    await expect(resolve.run(resolving, { id: [id], resolution: ['refunded'], note: ['x'] }, [])).rejects.toThrow('--resolution');
    await expect(resolve.run(resolving, { id: [id], resolution: ['no_money_moved'] }, [])).rejects.toThrow('--note');

    const eventIds = async (state: string) => {
      const listing = await freshCommandLine();
      await exceptions.run(listing, { state: [state], limit: ['200'] }, []);
      return listing.printed.map((line) => (JSON.parse(line) as PaymentException).eventId);
    };
    expect(await eventIds('resolved')).toEqual([event.id]);
    expect(await eventIds('open')).not.toContain(event.id);
    expect(await eventIds('all')).toContain(event.id);
    await expect(exceptions.run(await freshCommandLine(), { state: ['closed'] }, [])).rejects.toThrow('--state');
  });
});
