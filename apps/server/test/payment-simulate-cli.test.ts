import { LoanStatus, OperatorCallError } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError, type CommandContext } from '../src/cli/commands';
import { CommandError } from '../src/cli/command-kit';
import { PAYMENT_COMMANDS } from '../src/cli/payment-commands';
import { paymentReferences } from '../src/db/schema';
import { createTestApp, type TestApp, operatorCommandLine } from './helper';
import { issueReference, mexicoDate, orderRow, owed, paymentsOf, repayingOrder } from './payment-helpers';

let t: TestApp;
let context: CommandContext & { printed: string[] };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  context = await operatorCommandLine(t);
});
afterAll(async () => t?.close());

async function simulate(options: Record<string, string>): Promise<Record<string, unknown>> {
  const command = PAYMENT_COMMANDS.find((c) => c.words.join(' ') === 'payment simulate');
  if (!command) throw new Error('no payment simulate command');
  context.printed.length = 0;
  await command.run(context, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, [v]])), []);
  return JSON.parse(context.printed.at(-1) ?? 'null') as Record<string, unknown>;
}

describe('payment simulate', () => {
  it('pays a reference as the provider would, and the same event id again is a replay', async () => {
    const order = await repayingOrder(t, '5566640001', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const reference = await issueReference(t, order, 1_500_00);

    const receipt = await simulate({ reference, amount: '1,500.50', 'event-id': 'sim-test-1' });
    expect(receipt).toEqual({
      received: true,
      receiptNo: `${order.orderNo}-1`,
      replay: false,
      eventId: 'sim-test-1',
      orderNo: order.orderNo,
      channel: 'tienda-demo',
      amountMinor: 1_500_50,
      currency: 'MXN',
    });
    expect(await owed(t, order.orderId)).toBe(before - 1_500_50);
    expect(await simulate({ reference, amount: '1500.50', 'event-id': 'sim-test-1' })).toMatchObject({ receiptNo: `${order.orderNo}-1`, replay: true });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('settles an order paid in full, with a new event id each time unless given', async () => {
    const order = await repayingOrder(t, '5566640002', 'peso-flex-91', mexicoDate(30));
    const amount = await owed(t, order.orderId);
    const reference = await issueReference(t, order, amount);
    const receipt = await simulate({ reference, amount: (amount / 100).toFixed(2) });
    expect(receipt).toMatchObject({ replay: false, eventId: expect.stringMatching(/^sim_/) });
    expect((await orderRow(t, order.orderId)).statusCode).toBe(LoanStatus.Settled);
  });

  it('asks for --channel when the reference exists at more than one channel', async () => {
    const order = await repayingOrder(t, '5566640003', 'peso-plus-120', mexicoDate(20));
    const reference = await issueReference(t, order, 1_000_00);
    await t.database.db.insert(paymentReferences).values({
      orderId: order.orderId,
      channelCode: 'banco-demo',
      requestType: 1,
      amountMinor: 1_000_00,
      reference,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await expect(simulate({ reference, amount: '100' })).rejects.toThrow(
      new UsageError(`--channel is needed: reference ${reference} exists at banco-demo, tienda-demo`),
    );
    expect(await simulate({ reference, amount: '100', channel: 'banco-demo' })).toMatchObject({ channel: 'banco-demo', replay: false });
  });

  it('refuses bad options before calling the server, and passes on what the server refuses', async () => {
    await expect(simulate({ amount: '100' })).rejects.toThrow(/^--reference/);
    await expect(simulate({ reference: '9123' })).rejects.toThrow(/^--amount/);
    await expect(simulate({ reference: '9123', amount: 'ten' })).rejects.toThrow('--amount: not an amount: ten');
    await expect(simulate({ reference: '9123', amount: '10', 'paid-at': 'today' })).rejects.toThrow(/^--paid-at/);
    await expect(simulate({ reference: '90000000000000', amount: '10' })).rejects.toBeInstanceOf(OperatorCallError);

    const order = await repayingOrder(t, '5566640004', 'peso-plus-120', mexicoDate(20));
    const reference = await issueReference(t, order, 1_000_00);
    await expect(simulate({ reference, amount: '999999' })).rejects.toThrow(
      new CommandError("The amount is not within the channel's limits for one payment. (amount_out_of_range, HTTP 422)"),
    );
  });
});
