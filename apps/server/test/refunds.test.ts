import { ErrorCode, MachinePath, OperatorPath, type LoanDetails, type RefundRequestAnswer, type RefundView } from '@lend/contracts';
import { Account } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_COMMANDS } from '../src/cli/refund-commands';
import { cardRepayments, refundRequests, sandboxRefunds } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, operatorCommandLine, type TestApp } from './helper';
import { callBorrower, callOperatorApi } from './loan-helpers';
import { recordTransfer } from './operator-payment-helpers';
import { deliver, details, issueReference, mexicoDate, orderRow, owed, paymentEvent, repayingOrder } from './payment-helpers';
import { overviewOf } from './privacy-helpers';
import { createRefund, ledgerBalance, overpaidOrder, refundsOf } from './refund-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

async function booksBalance() {
  expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
}

let commandLine: Awaited<ReturnType<typeof operatorCommandLine>> | undefined;
/** The command line against the test's server, listening once for the whole file. */
async function cli() {
  commandLine ??= await operatorCommandLine(t);
  return commandLine;
}

const refundCommand = (words: string) => {
  const found = REFUND_COMMANDS.find((c) => c.words.join(' ') === words);
  if (!found) throw new Error(words);
  return found;
};

const follow = () => callOperatorApi<{ followed: number; succeeded: number; failed: number }>(t.app, 'POST', OperatorPath.refundsFollow, {});

describe('refunds of a borrower credit', () => {
  it('lets the borrower ask once, and refunds exactly once under 20 concurrent operator calls', async () => {
    const order = await overpaidOrder(t, '5566640001', 345_67);
    expect(order.creditMinor).toBe(345_67);
    const creditRow = 'Paid beyond what you owed (yours to get back)';
    expect((await details(t, order)).row(creditRow)).toBe('$345.67');
    const spanish = await callBorrower<LoanDetails>(t.app, order.session, MachinePath.loanDetails, { orderId: order.orderNo });
    expect(spanish.data.userOrderDetail.detail.find((row) => row.text === 'Pagado de más (se le devuelve)')?.value).toBe('$345.67');

    const asked = await callBorrower<RefundRequestAnswer>(t.app, order.session, MachinePath.refundRequest, { orderId: order.orderNo }, '1');
    expect(asked).toMatchObject({ code: 0, data: { orderNo: order.orderNo, creditMinor: 345_67, status: 'open' } });
    expect(asked.data.message).toMatch(/request/);
    const again = await callBorrower<RefundRequestAnswer>(t.app, order.session, MachinePath.refundRequest, { orderId: order.orderNo });
    expect(again.data.requestId).toBe(asked.data.requestId);
    expect(again.data.message).toMatch(/solicitud/);

    const answers = await Promise.all(Array.from({ length: 20 }, () => createRefund(t, { orderNo: order.orderNo })));
    // The first takes the request and the whole credit; the others, waiting on the order, find none left.
    expect(answers.filter((a) => a.code === 0 && !a.data.replay)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.code)).toEqual(Array(19).fill(ErrorCode.RefundNothingToRefund));
    const rows = await refundsOf(t, order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'sandbox-cash', amountMinor: 345_67, currency: 'MXN', status: 'pending', requestId: asked.data.requestId });
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(0);
    expect((await details(t, order)).row(creditRow)).toBe('');
    const [request] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, asked.data.requestId));
    expect(request?.status).toBe('refunded');
    await booksBalance();
    // Until the provider says the money left, a failure would give the credit back: deletion waits.
    expect((await overviewOf(t.app, order.session)).data).toMatchObject({ creditHeld: true });

    const followed = await follow();
    expect(followed.data).toMatchObject({ succeeded: 1, failed: 0 });
    const [done] = await refundsOf(t, order.orderId);
    expect(done?.status).toBe('succeeded');
    expect(done?.providerRefundId).toMatch(/^re_/);
    expect((await overviewOf(t.app, order.session)).data).toMatchObject({ creditHeld: false });
    const replayed = await createRefund(t, { orderNo: order.orderNo, idempotencyKey: `refund-request:${asked.data.requestId}` });
    expect(replayed).toMatchObject({ code: 0, data: { replay: true, refund: { id: rows[0]?.id } } });
    await booksBalance();
  });

  it('refunds once under 20 concurrent calls without a borrower request, and the credit never goes below zero', async () => {
    const order = await overpaidOrder(t, '5566640002', 120_00);
    const answers = await Promise.all(Array.from({ length: 20 }, () => createRefund(t, { orderNo: order.orderNo, amountMinor: 120_00 })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => [a.status, a.code])).toEqual(Array(19).fill([409, ErrorCode.RefundNothingToRefund]));
    expect(await refundsOf(t, order.orderId)).toHaveLength(1);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
    await booksBalance();
  });

  it('gives the credit back when the provider fails the refund, and a new refund can then be sent', async () => {
    const order = await overpaidOrder(t, '5566640003', 99_00);
    const sent = await createRefund(t, { orderNo: order.orderNo });
    expect(sent.data.refund.status).toBe('pending');
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
    await t.database.db.update(sandboxRefunds).set({ status: 'failed' }).where(eq(sandboxRefunds.paymentId, (await refundsOf(t, order.orderId))[0]?.providerPaymentId ?? ''));

    expect((await follow()).data.failed).toBe(1);
    const [failed] = await refundsOf(t, order.orderId);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed?.reversalEntryId).not.toBeNull();
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(99_00);
    expect(await ledgerBalance(t, order.orderId, Account.BorrowerCredit)).toBe(-99_00);
    await booksBalance();

    const retried = await createRefund(t, { orderNo: order.orderNo });
    expect(retried).toMatchObject({ code: 0, data: { replay: false, refund: { amountMinor: 99_00 } } });
    expect(await refundsOf(t, order.orderId)).toHaveLength(2);
    await booksBalance();
  });

  it('refuses a refund larger than the credit, and one of an order with none', async () => {
    const order = await overpaidOrder(t, '5566640004', 50_00);
    const tooMuch = await createRefund(t, { orderNo: order.orderNo, amountMinor: 50_01 });
    expect([tooMuch.status, tooMuch.code]).toEqual([422, ErrorCode.RefundAboveCredit]);
    expect(await refundsOf(t, order.orderId)).toHaveLength(0);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(50_00);

    const part = await createRefund(t, { orderNo: order.orderNo, amountMinor: 20_00 });
    expect(part.data.refund.amountMinor).toBe(20_00);
    const rest = await createRefund(t, { orderNo: order.orderNo, amountMinor: 30_01 });
    expect(rest.code).toBe(ErrorCode.RefundAboveCredit);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(30_00);

    const asked = await callBorrower(t.app, order.session, MachinePath.refundRequest, { orderId: order.orderNo });
    expect(asked.code).toBe(0);
    await createRefund(t, { orderNo: order.orderNo });
    const none = await createRefund(t, { orderNo: order.orderNo, idempotencyKey: 'another-refund-0001' });
    expect([none.status, none.code]).toEqual([409, ErrorCode.RefundNothingToRefund]);
    const nothing = await callBorrower(t.app, order.session, MachinePath.refundRequest, { orderId: order.orderNo });
    expect(nothing.code).toBe(ErrorCode.RefundNothingToRefund);
    await booksBalance();
  });

  it('waits while a card charge of the order is still being applied', async () => {
    const order = await overpaidOrder(t, '5566640005', 10_00);
    const [row] = await t.database.db
      .insert(cardRepayments)
      .values({
        recordNo: 'rec-refund-in-flight',
        orderId: order.orderId,
        borrowerId: Number(order.session.userId),
        method: 'card',
        provider: 'sandbox-card',
        amountMinor: 5_00,
        status: 'charging',
        idempotencyKey: 'refund-in-flight-key',
      })
      .returning();
    const refused = await createRefund(t, { orderNo: order.orderNo });
    expect([refused.status, refused.code]).toEqual([409, ErrorCode.RefundPaymentInFlight]);
    expect(refused.message).toMatch(/still being applied/);
    await t.database.db.update(cardRepayments).set({ status: 'failed' }).where(eq(cardRepayments.id, row?.id ?? 0));
    expect((await createRefund(t, { orderNo: order.orderNo })).code).toBe(0);
    await booksBalance();
  });

  it('records a refund made by the lender outside a provider, from the lender cash account', async () => {
    const order = await overpaidOrder(t, '5566640006', 1_00);
    await createRefund(t, { orderNo: order.orderNo });
    // A transfer the lender received outside any provider leaves credit no provider can return.
    const transfer = await recordTransfer(t.app, order.orderNo, 75_00, 'SPEI 4455');
    expect(transfer.code).toBe(0);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(75_00);

    const cashBefore = await ledgerBalance(t, order.orderId, Account.LenderCash);
    const context = await cli();
    const command = refundCommand;
    await command('refund create').run(context, { order: [order.orderNo], outside: [''], note: ['SPEI out 991'], by: ['marta'] }, []);
    const printed = JSON.parse(context.printed.at(-1) ?? 'null') as { replay: boolean; refund: RefundView };
    expect(printed.refund).toMatchObject({ provider: 'outside', status: 'succeeded', amountMinor: 75_00, note: 'SPEI out 991', recordedBy: 'marta' });
    expect(await ledgerBalance(t, order.orderId, Account.LenderCash)).toBe(cashBefore - 75_00);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);

    await command('refund list').run(context, { order: [order.orderNo] }, []);
    expect(context.printed.slice(-2).map((line) => (JSON.parse(line) as RefundView).provider)).toEqual(['outside', 'sandbox-cash']);
    await booksBalance();
  });

  it('asks for an outside transfer when no provider took money for the order', async () => {
    const order = await overpaidOrder(t, '5566640007', 1_00);
    await createRefund(t, { orderNo: order.orderNo });
    await t.database.db.update(sandboxRefunds).set({ status: 'failed' }).where(eq(sandboxRefunds.paymentId, (await refundsOf(t, order.orderId))[0]?.providerPaymentId ?? ''));
    await follow();
    const outsideWithoutNote = await createRefund(t, { orderNo: order.orderNo, outside: true });
    expect(outsideWithoutNote.status).toBe(400);
    expect((await createRefund(t, { orderNo: order.orderNo, outside: true, note: 'SPEI 1' })).data.refund.status).toBe('succeeded');
    await booksBalance();
  });

  it('sends an idempotency key from the command line, so a call repeated with its --key makes one refund, even at once', async () => {
    const order = await overpaidOrder(t, '5566640008', 50_00);
    const context = await cli();
    const create = (options: Record<string, string[]>) => refundCommand('refund create').run(context, { order: [order.orderNo], by: ['marta'], ...options }, []);

    await create({ amount: ['5'] });
    const [first] = await refundsOf(t, order.orderId);
    // A key of the call's own, not the server's default for the order's next refund.
    expect(first?.idempotencyKey).toMatch(/^cli-[0-9a-f-]{36}$/);

    await Promise.all(Array.from({ length: 5 }, () => create({ amount: ['10'], key: ['desk-refund-0042'] })));
    await create({ amount: ['10'], key: ['desk-refund-0042'] });
    const refunds = await refundsOf(t, order.orderId);
    expect(refunds.map((refund) => refund.amountMinor).sort((a, b) => a - b)).toEqual([5_00, 10_00]);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(35_00);
    expect((JSON.parse(context.printed.at(-1) ?? 'null') as { replay: boolean }).replay).toBe(true);

    // The same key for another amount is a mistake, not the same refund.
    await expect(create({ amount: ['11'], key: ['desk-refund-0042'] })).rejects.toThrow(/idempotencyKey/);
    await expect(create({ amount: ['1'], key: ['short'] })).rejects.toThrow(/--key/);
    await booksBalance();
  });

  it('refunds the whole credit built from two payments, each part back through the payment it came from', async () => {
    const order = await repayingOrder(t, '5566640009', 'peso-flex-91', mexicoDate(60));
    const amount = await owed(t, order.orderId);
    const first = await issueReference(t, order, amount);
    const second = await issueReference(t, order, 20_00);
    expect((await deliver(t, paymentEvent(order, first, amount + 30_00))).status).toBe(200);
    // A second payment after the loan was paid off: all of it is credit.
    expect((await deliver(t, paymentEvent(order, second, 20_00))).status).toBe(200);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(50_00);

    const part = await createRefund(t, { orderNo: order.orderNo, amountMinor: 15_00 });
    expect(part.data.refund).toMatchObject({ amountMinor: 15_00 });
    const whole = await createRefund(t, { orderNo: order.orderNo, idempotencyKey: 'whole-credit-0001' });
    expect(whole).toMatchObject({ code: 0, data: { replay: false, refund: { amountMinor: 5_00 } } });
    expect(whole.data.refunds?.map((refund) => refund.amountMinor)).toEqual([5_00, 30_00]);
    expect((await orderRow(t, order.orderId)).creditMinor).toBe(0);
    const refunds = await refundsOf(t, order.orderId);
    // Each payment gives back no more than it brought: the newest first.
    const byPayment = new Map<number | null, number>();
    for (const refund of refunds) byPayment.set(refund.paymentId, (byPayment.get(refund.paymentId) ?? 0) + refund.amountMinor);
    expect([...byPayment.values()].sort((a, b) => a - b)).toEqual([20_00, 30_00]);
    expect(refunds.every((refund) => refund.status === 'succeeded' || refund.status === 'pending')).toBe(true);
    // The same key again is the same refunds.
    const again = await createRefund(t, { orderNo: order.orderNo, idempotencyKey: 'whole-credit-0001' });
    expect(again.data).toMatchObject({ replay: true, refund: { id: whole.data.refund.id } });
    expect(again.data.refunds?.map((refund) => refund.id)).toEqual(whole.data.refunds?.map((refund) => refund.id));
    expect(await refundsOf(t, order.orderId)).toHaveLength(3);
    await booksBalance();
  });
});
