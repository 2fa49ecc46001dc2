import {
  AppRoute,
  DEV_PREVIEW_DEFAULTS_PATH,
  ERROR_MESSAGES,
  ErrorCode,
  MachinePath,
  MISSING_PAYMENT_COMPLAINT,
  OperatorPath,
  type BorrowerPayments,
  type LoanDetails,
  type MissingPaymentFiled,
  type PreviewDefaults,
  type ProductSummary,
  type RepayInstruction,
} from '@lend/contracts';
import { addDays, formatAmount, formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints } from '../src/db/schema';
import { complaintCalls } from './complaint-helpers';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { DEMO_BORROWER, DEMO_BORROWER_IN } from '../src/seed/demo-data';
import { callBorrower, callOperatorApi, operatorStep, productByCode, pushOffer, sweepAt } from './loan-helpers';
import { paidOutToday, recordTransfer } from './operator-payment-helpers';
import { deliver, issueReference, paymentEvent } from './payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const ENGLISH = '1';
const SPANISH = '2';
const { uploadUrl } = complaintCalls(() => t);
const receipts = (who: BorrowerSession, orderId: string, language = SPANISH) =>
  callBorrower<BorrowerPayments>(t.app, who, MachinePath.installmentPayments, { orderId }, language);
const details = (who: BorrowerSession, orderId: string) => callBorrower<LoanDetails>(t.app, who, MachinePath.loanDetails, { orderId }, ENGLISH);
const report = (who: BorrowerSession, body: Record<string, string>, language = SPANISH) =>
  callBorrower<MissingPaymentFiled>(t.app, who, MachinePath.paymentMissing, body, language);
const mexicoToday = () => formatDate(new Date(), 'MX');

describe('the payments screen', () => {
  it('is linked from the order details once the order has been paid out', async () => {
    const session = await openSession(t.app, '5512470001');
    const product = await productByCode(t.app, 'peso-plus-120');
    const orderNo = await pushOffer(t.app, session, product.id);
    expect((await details(session, orderNo)).data.paymentsUrl).toBe('');
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    expect((await details(session, orderNo)).data.paymentsUrl).toBe('');
    await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    expect((await details(session, orderNo)).data.paymentsUrl).toBe(`${AppRoute.payments}?orderId=${orderNo}&productId=${product.id}`);
  });

  it('names where each payment came in, and closes a settled loan with a statement of what was paid', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512470002');
    const order = { session, orderNo, orderId: 0 };
    const reference = await issueReference(t, order, 300_00);
    expect((await deliver(t, paymentEvent(order, reference, 300_00))).status).toBe(200);
    const before = (await receipts(session, orderNo)).data;
    expect(before.receipts[0]?.channel).toBe('Tienda Demo');
    expect(before.closingStatement).toBe('');

    const owed = before.receipts[0]?.balanceAfterMinor ?? 0;
    await recordTransfer(t.app, orderNo, owed, 'SPEI 123');
    const today = mexicoToday();
    const es = (await receipts(session, orderNo)).data;
    expect(es.receipts.map((r) => r.channel)).toEqual(['Transferencia bancaria', 'Tienda Demo']);
    expect(es.settledOn).toBe(today);
    const total = formatAmount(300_00 + owed, 'MX');
    expect(es.closingStatement.startsWith(`El préstamo ${orderNo} está cerrado: se pagó en su totalidad el ${today}. Usted pagó ${total} en 2 pagos: `)).toBe(true);
    expect(es.closingStatement).toContain(' de capital, ');
    expect(es.closingStatement.endsWith('No se adeuda nada más por este préstamo. Conserve este estado de cuenta como comprobante.')).toBe(true);
    const en = (await receipts(session, orderNo, ENGLISH)).data;
    expect(en.receipts[0]?.channel).toBe('Bank transfer');
    expect(en.closingStatement.startsWith(`Loan ${orderNo} is closed: it was repaid in full on ${today}. You paid ${total} in 2 payments: `)).toBe(true);
  });
});

describe('"my payment does not show"', () => {
  it('files a complaint of its own type with the reference, the date and the ticket photo, and answers the folio', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512470010');
    const photo = await uploadUrl(session);
    const today = mexicoToday();
    const filed = await report(session, { orderId: orderNo, reference: ' 9876  5432-A ', paidOn: today, ticketImage: photo });
    expect(filed.code).toBe(0);
    expect(filed.data.folio).not.toBe('');
    expect(filed.data.message).toBe(`Recibimos su reporte con el folio ${filed.data.folio}. Buscaremos su pago y le responderemos en sus quejas.`);
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, Number(filed.data.problemId)));
    expect(row).toMatchObject({
      problemType: MISSING_PAYMENT_COMPLAINT.problemType,
      problemSonType: MISSING_PAYMENT_COMPLAINT.problemSonType,
      detail: `Un pago que hice no aparece. Referencia: 9876 5432-A. Fecha de pago: ${today}.`,
    });
    const list = await callBorrower<{ tabs: { list: { id: string; folio: string }[] }[] }>(t.app, session, MachinePath.complaintList, {}, ENGLISH);
    expect(list.data.tabs[0]?.list.map((item) => item.folio)).toContain(filed.data.folio);
    const detail = await callBorrower<{ images: string[]; sonType: string }>(t.app, session, MachinePath.complaintDetail, { problemId: filed.data.problemId }, ENGLISH);
    expect(detail.data.images).toHaveLength(1);
    expect(detail.data.sonType).toBe('A payment I made does not show');

    const english = await report(session, { orderId: orderNo, reference: 'ABC123', paidOn: today }, ENGLISH);
    expect(english.data.message).toBe(`We received your report with folio ${english.data.folio}. We will look for your payment and answer you in your complaints.`);
  });

  it('refuses a bad reference or date in the borrower language, and orders it cannot be about', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512470011');
    const today = mexicoToday();
    const refused = (code: keyof typeof ERROR_MESSAGES & number, language: 'en' | 'es' = 'es') => ({ code, message: ERROR_MESSAGES[code][language], data: null });
    const count = async () => (await t.database.db.select().from(complaints)).length;
    const before = await count();
    expect(await report(session, { orderId: orderNo, reference: '', paidOn: today })).toMatchObject(refused(ErrorCode.MissingPaymentReferenceInvalid));
    expect(await report(session, { orderId: orderNo, reference: '<b>x</b>', paidOn: today }, ENGLISH)).toMatchObject(
      refused(ErrorCode.MissingPaymentReferenceInvalid, 'en'),
    );
    expect(await report(session, { orderId: orderNo, reference: 'A'.repeat(41), paidOn: today })).toMatchObject(refused(ErrorCode.MissingPaymentReferenceInvalid));
    for (const paidOn of ['', '2025-02-30', 'yesterday', addDays(today, 1), addDays(today, -1)]) {
      expect(await report(session, { orderId: orderNo, reference: 'R1', paidOn }), paidOn).toMatchObject({ status: 400, ...refused(ErrorCode.MissingPaymentDateInvalid) });
    }
    expect(await report(session, { orderId: orderNo, reference: 'R1', paidOn: today, ticketImage: 'https://evil.example/x.png' })).toMatchObject(
      refused(ErrorCode.ComplaintImageUnknown),
    );
    const stranger = await openSession(t.app, '5512470012');
    expect(await report(stranger, { orderId: orderNo, reference: 'R1', paidOn: today })).toMatchObject({ status: 404, code: ErrorCode.NotFound });
    const product = await productByCode(t.app, 'peso-flex-91');
    const unpaid = await pushOffer(t.app, stranger, product.id);
    expect(await report(stranger, { orderId: unpaid, reference: 'R1', paidOn: today })).toMatchObject({ code: ErrorCode.NothingToRepay });
    expect(await count()).toBe(before);
  });
});

describe('the developer preview defaults', () => {
  it('name an order being repaid with what it owes and a channel, and an order that may be extended now', async () => {
    const defaults = (await t.app.inject({ method: 'GET', url: DEV_PREVIEW_DEFAULTS_PATH })).json<PreviewDefaults>();
    const session = { userId: defaults.userId, sessionId: defaults.sessionId };
    const repaying = await details(session, defaults.orderId);
    expect(repaying.data.orderStatus).toBeOneOf([170, 174, 180]);
    const extendable = await details(session, defaults.extensionOrderId);
    expect(extendable.data).toMatchObject({ isDelay: '1', productId: Number(defaults.extensionProductId) });

    const instruction = await callBorrower<RepayInstruction>(t.app, session, MachinePath.repayInstruction, {
      orderId: defaults.orderId,
      productId: defaults.productId,
      amount: defaults.instructionAmount,
      payCode: defaults.instructionPayCode,
      requestType: '1',
    });
    expect(instruction.code).toBe(0);
    expect(instruction.data.repayDetail.amount).toBe(Number(defaults.instructionAmount));
  });
});

describe("the developer preview defaults of each market's demo borrower", () => {
  it("name India's demo borrower with a session, order and product of their own, in English, and Mexico's when no market is named", async () => {
    const read = async (query: string) => (await t.app.inject({ method: 'GET', url: `${DEV_PREVIEW_DEFAULTS_PATH}${query}` })).json<PreviewDefaults>();
    const mexico = await read('');
    const india = await read('?market=IN');
    expect(mexico).toMatchObject({ market: 'MX', borrowerName: DEMO_BORROWER.name, language: '2' });
    expect(await read('?market=elsewhere')).toMatchObject({ market: 'MX', userId: mexico.userId });
    expect(india).toMatchObject({ market: 'IN', borrowerName: DEMO_BORROWER_IN.name, language: '1' });
    for (const key of ['userId', 'sessionId', 'orderId', 'productId', 'confirmProductId'] as const) expect(india[key], key).not.toBe(mexico[key]);

    const session = { userId: india.userId, sessionId: india.sessionId };
    const repaying = await details(session, india.orderId);
    expect(repaying.data).toMatchObject({ orderStatus: 170, productId: Number(india.productId) });
    const products = await callOperatorApi<ProductSummary[]>(t.app, 'GET', OperatorPath.products);
    expect(products.data.find((product) => product.id === Number(india.confirmProductId))?.market).toBe('IN');
    const instruction = await callBorrower<RepayInstruction>(t.app, session, MachinePath.repayInstruction, {
      orderId: india.orderId,
      productId: india.productId,
      amount: india.instructionAmount,
      payCode: india.instructionPayCode,
      requestType: '1',
    }, india.language);
    expect(instruction).toMatchObject({ code: 0, data: { repayDetail: { amount: Number(india.instructionAmount) } } });
  });
});

describe('the developer preview defaults long after the due date', () => {
  it('still name a channel, with a part payment it takes when what is owed has outgrown every channel', async () => {
    const later = await createTestApp({ seed: true });
    try {
      await sweepAt(later.app, addDays(mexicoToday(), 300));
      const defaults = (await later.app.inject({ method: 'GET', url: DEV_PREVIEW_DEFAULTS_PATH })).json<PreviewDefaults>();
      expect(defaults.instructionPayCode).not.toBe('');
      const session = { userId: defaults.userId, sessionId: defaults.sessionId };
      const instruction = await callBorrower<RepayInstruction>(later.app, session, MachinePath.repayInstruction, {
        orderId: defaults.orderId,
        productId: defaults.productId,
        amount: defaults.instructionAmount,
        payCode: defaults.instructionPayCode,
        requestType: '1',
      });
      expect(instruction.code).toBe(0);
      expect(instruction.data.repayDetail.amount).toBe(Number(defaults.instructionAmount));
    } finally {
      await later.close();
    }
  });
});
