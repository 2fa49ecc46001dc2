import { ErrorCode, LoanStatus, MachinePath, type BorrowerPayoff, type ChannelFees, type InstallmentDetail } from '@lend/contracts';
import { addDays, formatAmount, LOAN_RULES, payoffQuote } from '@lend/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loanInstallments, products } from '../src/db/schema';
import { sweepOrders } from '../src/modules/order-clock';
import { balanceOf, payoffLoanOf } from '../src/modules/orders';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, openSession, type TestApp } from './helper';
import { callBorrower, sweepAt } from './loan-helpers';
import { deliver, issueReference, mexicoDate, orderRow, paymentEvent, repayingOrder, type RepayingOrder } from './payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());
afterEach(async () => {
  // Whatever a test moved, the books balance and agree with the orders.
  if (t) expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
});

const ENGLISH = '1';
const SPANISH = '2';
const overview = async (order: RepayingOrder, language = ENGLISH) =>
  (await callBorrower<InstallmentDetail>(t.app, order.session, MachinePath.installmentDetail, { orderId: order.orderNo }, language)).data;

const installmentsOf = (orderId: number) => t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, orderId)).orderBy(asc(loanInstallments.seq));

/** What is still owed of each installment, part by part, read from the stored plan. */
async function stillOwed(orderId: number) {
  return (await installmentsOf(orderId)).map((i) => ({
    seq: i.seq,
    dueDate: i.dueDate ?? '',
    principal: i.principalMinor - i.principalPaidMinor,
    interest: i.interestMinor - i.interestPaidMinor - i.interestWaivedMinor,
    tax: i.taxMinor - i.taxPaidMinor - i.taxWaivedMinor,
  }));
}

/** The rows of each installment a Mexican overview lists, in English, as the amounts they should show. */
function installmentRows(owed: Awaited<ReturnType<typeof stillOwed>>, count: number) {
  const mx = (minor: number) => formatAmount(minor, 'MX');
  return owed.flatMap((i) => [
    { text: `Payment ${i.seq} of ${count}`, value: mx(i.principal + i.interest + i.tax) },
    { text: 'Principal', value: mx(i.principal) },
    { text: 'Interest', value: mx(i.interest) },
    { text: 'IVA', value: mx(i.tax) },
  ]);
}

describe('the installment overview adds up', () => {
  it('shows what is still owed of each part after a partial payment, and the parts add up to the amount to pay', async () => {
    const order = await repayingOrder(t, '5574450001', 'peso-plus-120', mexicoDate(2));
    const before = await stillOwed(order.orderId);
    const first = (await overview(order)).repayAmount;
    const reference = await issueReference(t, order, 300_00);
    expect((await deliver(t, paymentEvent(order, reference, 300_00))).status).toBe(200);

    const after = await stillOwed(order.orderId);
    const [owedFirst] = after;
    // The payment took from the first installment: its parts are no longer the planned ones.
    expect(owedFirst).not.toEqual(before[0]);
    const detail = await overview(order);
    expect(detail.repayAmount).toBe(first - 300_00);
    const rows = installmentRows(after.slice(0, 1), after.length);
    expect(detail.detail.slice(0, 4)).toEqual(rows);
    const parts = (owedFirst?.principal ?? 0) + (owedFirst?.interest ?? 0) + (owedFirst?.tax ?? 0);
    expect(parts).toBe(detail.repayAmount);
    expect(detail.overdue).toBeUndefined();
  });

  it('lists every installment counted in the total and the late charges on an order 35 days late, and says since when it is overdue', async () => {
    const firstDue = mexicoDate(-35);
    const order = await repayingOrder(t, '5574450002', 'peso-plus-120', firstDue);
    await sweepOrders(t.database.db, new Date());
    const late = await orderRow(t, order.orderId);
    expect(late.statusCode).toBe(LoanStatus.Overdue);
    const lateCharges = late.penaltyMinor - late.penaltyPaidMinor;
    expect(lateCharges).toBeGreaterThan(0);

    const owed = await stillOwed(order.orderId);
    const today = mexicoDate(0);
    const due = owed.filter((i) => i.dueDate <= today);
    // The second installment fell due too: both are in the total.
    expect(due.length).toBeGreaterThanOrEqual(2);

    const detail = await overview(order);
    const partsTotal = due.reduce((sum, i) => sum + i.principal + i.interest + i.tax, 0);
    expect(detail.repayAmount).toBe(partsTotal + lateCharges);
    expect(detail.detail.slice(0, due.length * 4)).toEqual(installmentRows(due, owed.length));
    expect(detail.detail[due.length * 4]).toEqual({ text: 'Late charges owed', value: formatAmount(lateCharges, 'MX') });
    expect(detail.overdue).toEqual({ since: firstDue, days: 35, lateCharges });

    const es = await overview(order, SPANISH);
    expect(es.overdue).toEqual(detail.overdue);
    expect(es.detail.map((row) => row.value)).toEqual(detail.detail.map((row) => row.value));
  });
});

describe('the payoff quote reads the order clock', () => {
  it('quotes the payoff on the day the sweep reached, as the details and the overview count it', async () => {
    // Paid out ten days ago: on the calendar early repayment is not open yet (half the term).
    const firstDue = mexicoDate(20);
    const order = await repayingOrder(t, '5574450003', 'peso-plus-120', firstDue);
    const calendar = (await callBorrower<BorrowerPayoff>(t.app, order.session, MachinePath.installmentPayoff, { orderId: order.orderNo })).data;
    expect(calendar.payoffMinor).toBeNull();

    // The sweep runs ahead to 35 days after the first due date: the order clock is there now.
    const clockDay = addDays(firstDue, 35);
    await sweepAt(t.app, clockDay);
    const row = await orderRow(t, order.orderId);
    expect(row.penaltyThrough).toBe(clockDay);

    const quote = (await callBorrower<BorrowerPayoff>(t.app, order.session, MachinePath.installmentPayoff, { orderId: order.orderNo })).data;
    const [product] = await t.database.db.select().from(products).where(eq(products.code, 'peso-plus-120'));
    const installments = await installmentsOf(order.orderId);
    const expected = payoffQuote(balanceOf(row, installments), payoffLoanOf(row, installments, product?.pricing.taxPpm ?? 0, 'MX'), clockDay, LOAN_RULES.MX.earlyRepayment);
    expect(expected.allowed).toBe(true);
    expect(quote.payoffMinor).toBe(expected.allowed ? expected.payoffMinor : null);

    // The overview offers the same payoff and counts the same late charges.
    const detail = await overview(order);
    expect(detail.overdue?.days).toBe(35);
    expect(detail.overdue?.lateCharges).toBe(row.penaltyMinor);
    if (detail.payoff) expect(detail.payoff.amount).toBe(quote.payoffMinor);
  });
});

describe('the fee table of the places to pay', () => {
  it("lists each place of the order's market with its fee and limits, in the borrower's language", async () => {
    const order = await repayingOrder(t, '5574450004', 'peso-plus-120', mexicoDate(5));
    const fees = (lang: string) => callBorrower<ChannelFees>(t.app, order.session, MachinePath.channelFees, { orderId: order.orderNo }, lang);
    const en = (await fees(ENGLISH)).data;
    expect(en).toEqual({
      market: 'MX',
      channels: [
        { payCode: 'tienda-demo', name: 'Tienda Demo', logo: '/media/channel-logos/tienda-demo.svg', kind: 'Pay in cash at a store', fee: 1_200, minAmount: 100, maxAmount: 2_000_000 },
        { payCode: 'banco-demo', name: 'Banco Demo', logo: '/media/channel-logos/banco-demo.svg', kind: 'Pay by bank transfer', fee: 0, minAmount: 100, maxAmount: 2_000_000 },
      ],
    });
    const es = (await fees(SPANISH)).data;
    expect(es.channels.map((channel) => channel.fee)).toEqual([1_200, 0]);
    expect(es.channels[0]?.kind).not.toBe(en.channels[0]?.kind);

    const stranger = await openSession(t.app, '5574450005');
    const foreign = await callBorrower<ChannelFees>(t.app, stranger, MachinePath.channelFees, { orderId: order.orderNo }, ENGLISH);
    expect(foreign).toMatchObject({ code: ErrorCode.NotFound, data: null });
  });

  it('offers paying by card on the overview and the details while the market takes cards', async () => {
    const order = await repayingOrder(t, '5574450006', 'peso-plus-120', mexicoDate(5));
    expect((await overview(order)).cardPayment).toBe(true);
    const details = await callBorrower<{ cardPayUrl?: string }>(t.app, order.session, MachinePath.loanDetails, { orderId: order.orderNo });
    expect(details.data.cardPayUrl).toMatch(new RegExp(`^/#/borrowDetail/\\?orderId=${order.orderNo}&productId=\\d+$`));
  });
});
