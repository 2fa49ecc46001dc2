import { LoanStatus } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { sweepOrders } from '../src/modules/order-clock';
import { checkLedger } from '../src/modules/payments';
import { twoServersForFile } from './helper';
import { deliver, issueReference, mexicoDate, orderRow, owed, paymentEvent, paymentsOf, repayingOrder } from './payment-helpers';

// Two servers on one database behind a round-robin balancer: calls sent together reach both.
const t = twoServersForFile({ seed: true });

describe('payments delivered at the same time', () => {
  it('applies 20 concurrent deliveries of one event once, and answers each with the same receipt', async () => {
    const order = await repayingOrder(t, '5566630001', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const reference = await issueReference(t, order, 1_000_00);
    const event = paymentEvent(order, reference, 1_000_00);

    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(t, event)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.body.replay)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.receiptNo))).toEqual(new Set([`${order.orderNo}-1`]));
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect(await owed(t, order.orderId)).toBe(before - 1_000_00);
  });

  it('applies 20 different payments on one order at once, each on the balance the last left', async () => {
    const order = await repayingOrder(t, '5566630002', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const reference = await issueReference(t, order, 250_00);
    const amounts = Array.from({ length: 20 }, (_, i) => 100_00 + i * 10_00);

    const answers = await Promise.all(amounts.map((amount) => deliver(t, paymentEvent(order, reference, amount))));
    expect(answers.map((a) => [a.status, a.body.replay])).toEqual(Array(20).fill([200, false]));
    const receipts = await paymentsOf(t, order.orderId);
    expect(receipts.map((p) => p.receiptNo).sort()).toEqual(amounts.map((_, i) => `${order.orderNo}-${i + 1}`).sort());
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    expect(receipts.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(total);
    expect(await owed(t, order.orderId)).toBe(before - total);
    // Each receipt's balance is the one before it less its amount: no two saw the same balance.
    expect(new Set(receipts.map((p) => p.balanceAfterMinor)).size).toBe(20);
  });

  it('applies a payment once while the clock sweeps the same order, and the books still balance', async () => {
    const order = await repayingOrder(t, '5566630003', 'peso-plus-120', mexicoDate(-1));
    const reference = await issueReference(t, order, 2_000_00);
    const event = paymentEvent(order, reference, 2_000_00);

    const [, first, , second] = await Promise.all([
      sweepOrders(t.database.db, new Date()),
      deliver(t, event),
      sweepOrders(t.database.db, new Date()),
      deliver(t, event),
    ]);
    const answers = [first, second];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => !a.body.replay)).toHaveLength(1);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    await sweepOrders(t.database.db, new Date());
    const swept = await orderRow(t, order.orderId);
    expect([LoanStatus.Overdue, LoanStatus.Disbursed]).toContain(swept.statusCode);
    expect(swept.penaltyMinor).toBeGreaterThan(0);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});
