import { LoanStatus, MachinePath, type InstallmentDetail } from '@lend/contracts';
import { addDays, extensionCharge, formatAmount, LOAN_RULES, payoffQuote } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanInstallments, products } from '../src/db/schema';
import { sweepOrders } from '../src/modules/order-clock';
import { balanceOf, payoffLoanOf } from '../src/modules/orders';
import { createTestApp, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { deliver, details, issueReference, mexicoDate, orderRow, owed, paymentEvent, paymentsOf, repayingOrder } from './payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('a cash payment reported by the provider', () => {
  it('settles the order when it pays everything, and the borrower sees it settled', async () => {
    const order = await repayingOrder(t, '5566610001', 'peso-plus-120', mexicoDate(20));
    const amount = await owed(t, order.orderId);
    const reference = await issueReference(t, order, amount);

    const answer = await deliver(t, paymentEvent(order, reference, amount));
    expect(answer).toEqual({ status: 200, body: { received: true, receiptNo: `${order.orderNo}-1`, replay: false } });
    const settled = await orderRow(t, order.orderId);
    expect(settled.statusCode).toBe(LoanStatus.Settled);
    expect(settled.settledAt).not.toBeNull();
    const shown = await details(t, order);
    expect(shown.orderStatus).toBe(LoanStatus.Settled);
    expect(shown.row('Repaid on')).not.toBe('');
  });

  it('lowers the amount due by a partial payment', async () => {
    const order = await repayingOrder(t, '5566610002', 'peso-plus-120', mexicoDate(0));
    const detail = await callBorrower<InstallmentDetail>(t.app, order.session, MachinePath.installmentDetail, { orderId: order.orderNo });
    const due = detail.data.repayAmount;
    expect((await details(t, order)).row('Amount due now')).toBe(formatAmount(due, 'MX'));
    const reference = await issueReference(t, order, 1_000_00);

    expect((await deliver(t, paymentEvent(order, reference, 1_000_00))).status).toBe(200);
    expect((await details(t, order)).row('Amount due now')).toBe(formatAmount(due - 1_000_00, 'MX'));
    expect((await orderRow(t, order.orderId)).statusCode).toBe(LoanStatus.Disbursed);
  });

  it('returns an overdue order to 170 once what is due, late charges included, is paid', async () => {
    const order = await repayingOrder(t, '5566610003', 'peso-plus-120', mexicoDate(-3));
    await sweepOrders(t.database.db, new Date());
    const late = await orderRow(t, order.orderId);
    expect(late.statusCode).toBe(LoanStatus.Overdue);
    expect(late.penaltyMinor).toBeGreaterThan(0);
    const detail = await callBorrower<InstallmentDetail>(t.app, order.session, MachinePath.installmentDetail, { orderId: order.orderNo });
    const store = detail.data.repayList.flatMap((group) => group.list).find((channel) => channel.payCode === 'tienda-demo');

    const answer = await deliver(t, paymentEvent(order, store?.vCode ?? '', detail.data.repayAmount));
    expect(answer.status).toBe(200);
    const back = await orderRow(t, order.orderId);
    expect(back.statusCode).toBe(LoanStatus.Disbursed);
    expect(back.penaltyPaidMinor).toBe(late.penaltyMinor);
  });

  it("keeps what exceeds everything owed as the borrower's credit, and a payment on a settled order is all credit", async () => {
    const order = await repayingOrder(t, '5566610004', 'peso-flex-91', mexicoDate(60));
    const amount = await owed(t, order.orderId);
    const reference = await issueReference(t, order, amount);

    expect((await deliver(t, paymentEvent(order, reference, amount + 500_00))).status).toBe(200);
    const settled = await orderRow(t, order.orderId);
    expect(settled).toMatchObject({ statusCode: LoanStatus.Settled, creditMinor: 500_00 });
    expect((await paymentsOf(t, order.orderId))[0]).toMatchObject({ amountMinor: amount + 500_00, creditMinor: 500_00, balanceAfterMinor: 0 });

    expect((await deliver(t, paymentEvent(order, reference, 200_00))).body.receiptNo).toBe(`${order.orderNo}-2`);
    expect(await orderRow(t, order.orderId)).toMatchObject({ statusCode: LoanStatus.Settled, creditMinor: 700_00 });
    const receipts = await paymentsOf(t, order.orderId);
    expect(receipts.find((p) => p.receiptNo === `${order.orderNo}-2`)).toMatchObject({
      creditMinor: 200_00,
      statusBefore: LoanStatus.Settled,
      statusAfter: LoanStatus.Settled,
    });
  });

  it('takes the interest not yet earned off a payoff after half the term, and settles', async () => {
    // PesoFlex 91 falls due 91 days after payout: due in 40 days, it was paid out 51 days ago.
    const order = await repayingOrder(t, '5566610005', 'peso-flex-91', mexicoDate(40));
    const row = await orderRow(t, order.orderId);
    const [product] = await t.database.db.select().from(products).where(eq(products.id, row.productId));
    const rows = await t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, order.orderId));
    const quote = payoffQuote(balanceOf(row, rows), payoffLoanOf(row, rows, product?.pricing.taxPpm ?? 0, 'MX'), mexicoDate(0), LOAN_RULES.MX.earlyRepayment);
    if (!quote.allowed) throw new Error('payoff not allowed yet');
    expect(quote.rebateMinor).toBeGreaterThan(0);
    const reference = await issueReference(t, order, quote.payoffMinor);

    expect((await deliver(t, paymentEvent(order, reference, quote.payoffMinor))).status).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({ statusCode: LoanStatus.Settled, creditMinor: 0 });
    expect((await paymentsOf(t, order.orderId))[0]).toMatchObject({ rebateMinor: quote.rebateMinor, creditMinor: 0, balanceAfterMinor: 0 });
  });

  it('moves the due date 7 days, back to 170, when an extension reference is paid its charge', async () => {
    const today = mexicoDate(0);
    const order = await repayingOrder(t, '5566610006', 'peso-plus-120', today);
    await sweepOrders(t.database.db, new Date());
    const due = await orderRow(t, order.orderId);
    expect(due).toMatchObject({ statusCode: LoanStatus.Due, dueDate: today, extensionsUsed: 0 });
    const [product] = await t.database.db.select().from(products).where(eq(products.id, due.productId));
    if (!product) throw new Error('no product');
    const charge = extensionCharge(product.pricing, due.principalMinor, LOAN_RULES.MX.extension.days, 0);
    const reference = await issueReference(t, order, charge, 2);

    expect((await deliver(t, paymentEvent(order, reference, charge))).status).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({ statusCode: LoanStatus.Disbursed, dueDate: addDays(today, 7), extensionsUsed: 1 });
    expect((await paymentsOf(t, order.orderId))[0]).toMatchObject({ purpose: 'extension', extensionFeeMinor: charge });
  });
});
