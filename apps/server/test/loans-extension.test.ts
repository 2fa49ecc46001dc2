import {
  ERROR_MESSAGES,
  ErrorCode,
  LoanStatus,
  MachinePath,
  type DelayDetail,
  type InstallmentDetail,
  type LoanDetails,
  type RepayInstruction,
} from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders, paymentChannels, paymentReferences } from '../src/db/schema';
import { applyPayment } from '../src/modules/payments';
import { createOrder, createRepayingOrders } from './factories';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, pushOffer, productByCode, sweepAt } from './loan-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const today = formatDate(new Date(), 'MX');

/** An order of a new borrower on `productCode`, first due two days ago, with the clock run today: two days late. */
async function overdueOrder(phone: string, productCode: string): Promise<{ session: BorrowerSession; orderNo: string; orderId: number }> {
  const session = await openSession(t.app, phone);
  const [orderId = 0] = await createRepayingOrders(t.database.db, Number(session.userId), productCode, 1, addDays(today, -2));
  await sweepAt(t.app, today);
  const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  if (order?.statusCode !== LoanStatus.Overdue) throw new Error('the order is not overdue');
  return { session, orderNo: order.orderNo, orderId };
}

const delayDetail = (who: BorrowerSession, orderNo: string, language = '2') =>
  callBorrower<DelayDetail>(t.app, who, MachinePath.delayDetail, { orderId: orderNo }, language);
const instruction = (who: BorrowerSession, orderNo: string, body: Record<string, string | number>, language = '2') =>
  callBorrower<RepayInstruction>(t.app, who, MachinePath.repayInstruction, { orderId: orderNo, ...body }, language);
const extensionReferences = (orderId: number) =>
  t.database.db
    .select()
    .from(paymentReferences)
    .where(and(eq(paymentReferences.orderId, orderId), eq(paymentReferences.requestType, 2)));

// PesoPlus 120 on $10,000.00: 7 days × 0.05% = $35.00 of interest and $5.60 of IVA; two days late,
// a new client's one-off fee of $200.00 and 5% a day on the late $2,694.00: 2 × $134.70.
const FEE = 3_500 + 560;
const LATE = 20_000 + 2 * 13_470;

describe('the delay (extension) detail', () => {
  let session: BorrowerSession;
  let orderNo: string;
  let orderId: number;
  beforeAll(async () => {
    ({ session, orderNo, orderId } = await overdueOrder('5533330001', 'peso-plus-120'));
  });

  it('prices the extension of an overdue order and dates it from today, with the plan after it', async () => {
    const { code, data } = await delayDetail(session, orderNo);
    expect(code).toBe(0);
    expect(data).toMatchObject({
      market: 'MX',
      orderNo,
      productName: 'PesoPlus 120',
      delayDays: 7,
      delayInfo: { reviewer: 'Pague para prorrogar su fecha', delayAmount: FEE + LATE, delayTime: addDays(today, 7) },
    });
    // Every unpaid installment moves by as many days as the first (9: two late days and 7 more); amounts stay.
    expect(data.repayPlan).toHaveLength(4);
    expect(data.repayPlan[0]).toEqual({ title: 'Pago 1 de 4', amount: 269_400, remark: `Vencía el ${addDays(today, -2)}`, time: addDays(today, 7) });
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    expect(order?.penaltyMinor).toBe(LATE);
    expect(data.noticeMsg).toBe('Prorrogue su pago hasta 7 días por $510.00: $40.60 por los días adicionales (intereses más IVA) y $469.40 de cargos por atraso adeudados.');
    expect(data.note).toContain(`Si paga hoy, su próxima fecha de pago será el ${addDays(today, 7)}`);
  });

  it('issues the extension references once: the same answer twice, in either language', async () => {
    const first = (await delayDetail(session, orderNo)).data;
    expect(first.repayList.map((g) => g.reviewer)).toEqual(['Pague en efectivo en tienda', 'Pague por transferencia bancaria']);
    const [store] = first.repayList[0]?.list ?? [];
    expect(store).toMatchObject({ payCode: 'tienda-demo', vCode: expect.stringMatching(/^9\d{13}$/) });
    expect(store?.BARcodeImg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await delayDetail(session, orderNo)).data).toEqual(first);

    const english = (await delayDetail(session, orderNo, '1')).data;
    expect(english.repayList.flatMap((g) => g.list.map((c) => c.vCode))).toEqual(first.repayList.flatMap((g) => g.list.map((c) => c.vCode)));
    expect(english.delayInfo).toEqual({ ...first.delayInfo, reviewer: 'Pay to extend your date' });
    expect(english.repayPlan[1]?.title).toBe('Payment 2 of 4');
    expect(english.noticeMsg).toBe('Defer your payment by up to 7 days for $510.00: $40.60 for the extra days (interest plus IVA) and $469.40 of late charges owed.');

    const references = await extensionReferences(orderId);
    expect(references.map((r) => r.amountMinor)).toEqual([FEE + LATE, FEE + LATE]);
  });

  it('answers the extension instruction with the same reference, its expiry and the channel limits', async () => {
    const store = (await delayDetail(session, orderNo)).data.repayList[0]?.list[0];
    const { code, data } = await instruction(session, orderNo, { requestType: '2', amount: FEE + LATE, payCode: 'tienda-demo' }, '1');
    expect(code).toBe(0);
    expect(data.repayDetail).toMatchObject({
      amount: FEE + LATE,
      repayTitle: 'Pay $510.00 at Tienda Demo to extend your date',
      vCode: store?.vCode,
      minAmount: 100,
      maxAmount: 2_000_000,
    });
    const [reference] = (await extensionReferences(orderId)).filter((r) => r.channelCode === 'tienda-demo');
    expect(data.repayDetail.expiresAt).toBe(reference?.expiresAt.toISOString());
  });

  it('is granted when that reference is paid, moving the dates it showed; then no further extension is offered', async () => {
    const shown = (await delayDetail(session, orderNo)).data;
    const [reference] = (await extensionReferences(orderId)).filter((r) => r.channelCode === 'tienda-demo');
    await applyPayment(t.database.db, {
      orderId,
      provider: 'manual',
      providerEventId: `extension-${orderNo}`,
      purpose: 'extension',
      referenceId: reference?.id ?? null,
      referenceAmountMinor: FEE + LATE,
      channelCode: 'tienda-demo',
      amountMinor: FEE + LATE,
      paidAt: new Date(),
      recordedBy: 'extension test',
    });
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    expect(order).toMatchObject({ statusCode: LoanStatus.Disbursed, extensionsUsed: 1, dueDate: shown.delayInfo.delayTime, penaltyPaidMinor: LATE });

    // The product allows one extension: used up.
    const refused = await delayDetail(session, orderNo);
    expect(refused).toMatchObject({ status: 409, code: ErrorCode.ExtensionNotAvailable, message: ERROR_MESSAGES[ErrorCode.ExtensionNotAvailable].es, data: null });
    expect((await delayDetail(session, orderNo, '1')).message).toBe('An extension is not available for this loan.');
    expect((await instruction(session, orderNo, { requestType: '2', amount: FEE, payCode: 'tienda-demo' })).code).toBe(ErrorCode.ExtensionNotAvailable);
    const details = await callBorrower<LoanDetails>(t.app, session, MachinePath.loanDetails, { orderId: orderNo });
    expect(details.data.isDelay).toBe('0');
  });
});

describe('an extension asked before the due date', () => {
  it('moves the date 7 days from the due date and costs the extra days only, inside the window alone', async () => {
    const session = await openSession(t.app, '5533330006');
    const borrowerId = Number(session.userId);
    const [soonId = 0] = await createRepayingOrders(t.database.db, borrowerId, 'peso-plus-120', 1, addDays(today, 3));
    const [laterId = 0] = await createRepayingOrders(t.database.db, borrowerId, 'peso-plus-120', 1, addDays(today, 4));
    const orderNoOf = async (id: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, id)))[0]?.orderNo ?? '';

    const { code, data } = await delayDetail(session, await orderNoOf(soonId), '1');
    expect(code).toBe(0);
    expect(data.delayInfo).toMatchObject({ delayAmount: FEE, delayTime: addDays(today, 10) });
    expect(data.noticeMsg).toBe('Defer your payment by up to 7 days for $40.60: the interest for the extra days plus IVA.');
    // The window opens 3 days before the due date.
    expect((await delayDetail(session, await orderNoOf(laterId))).code).toBe(ErrorCode.ExtensionNotAvailable);
  });
});

describe('when there is no extension to offer', () => {
  it('refuses on a product without extensions, in the borrower language', async () => {
    const { session, orderNo } = await overdueOrder('5533330002', 'peso-flex-91');
    expect((await callBorrower<LoanDetails>(t.app, session, MachinePath.loanDetails, { orderId: orderNo })).data.isDelay).toBe('0');
    expect(await delayDetail(session, orderNo)).toMatchObject({ status: 409, code: ErrorCode.ExtensionNotAvailable, message: 'La prórroga no está disponible para este préstamo.' });
    expect((await delayDetail(session, orderNo, '1')).message).toBe('An extension is not available for this loan.');
  });

  it('refuses an order not paid out, a settled one, and answers another borrower as not found', async () => {
    const session = await openSession(t.app, '5533330003');
    const pesoPlus = await productByCode(t.app, 'peso-plus-120');
    const inReview = await pushOffer(t.app, session, pesoPlus.id);
    expect((await delayDetail(session, inReview)).code).toBe(ErrorCode.NothingToRepay);
    const settled = await createOrder(t.database.db, Number(session.userId), LoanStatus.Settled, 'peso-plus-120');
    expect((await delayDetail(session, settled.orderNo)).code).toBe(ErrorCode.NothingToRepay);

    const { orderNo, orderId } = await overdueOrder('5533330004', 'peso-plus-120');
    const stranger = await delayDetail(session, orderNo);
    expect(stranger).toMatchObject({ status: 404, code: ErrorCode.NotFound, data: null });
    expect(stranger).toEqual(await delayDetail(session, 'LN000000000000'));
    expect(await extensionReferences(orderId)).toEqual([]);
  });
});

describe("a channel's payment limits", () => {
  const setStoreMax = (maxAmountMinor: number) =>
    t.database.db.update(paymentChannels).set({ maxAmountMinor }).where(eq(paymentChannels.code, 'tienda-demo'));
  afterEach(async () => {
    await setStoreMax(2_000_000);
  });

  it('refuses an amount the channel does not take and lists only the channels that take it', async () => {
    const { session, orderNo } = await overdueOrder('5533330005', 'peso-plus-120');
    await setStoreMax(FEE + LATE - 1);
    const refused = await instruction(session, orderNo, { requestType: '1', amount: 100_000, payCode: 'tienda-demo' });
    expect(refused).toMatchObject({ status: 422, code: ErrorCode.AmountOutsideChannelLimits, data: null });
    expect(refused.message).toBe('Este lugar de pago no acepta este monto en un solo pago. Elija otro lugar.');
    expect((await instruction(session, orderNo, { requestType: '1', amount: 100_000, payCode: 'banco-demo' })).code).toBe(0);

    const delay = (await delayDetail(session, orderNo)).data;
    expect(delay.repayList.map((g) => g.list.map((c) => c.payCode))).toEqual([['banco-demo']]);
    const due = (await callBorrower<InstallmentDetail>(t.app, session, MachinePath.installmentDetail, { orderId: orderNo })).data;
    expect(due.repayList.map((g) => g.list.map((c) => c.payCode))).toEqual([['banco-demo']]);
  });
});
