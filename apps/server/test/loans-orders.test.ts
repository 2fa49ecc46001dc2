import {
  ERROR_MESSAGES,
  ErrorCode,
  LoanStatus,
  MachinePath,
  OPERATOR_BASE,
  OperatorPath,
  type LoanDetails,
  type OrderSummary,
  type Page,
  type ProductSummary,
} from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { sweepOrders } from '../src/modules/order-clock';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, callOperatorApi, operatorStep, productByCode, pushOffer, sweepAt } from './loan-helpers';
import { paidOutToday, recordTransfer } from './operator-payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

describe('loan order details', () => {
  let session: BorrowerSession;
  let pesoPlus: ProductSummary;
  let pesoFlex: ProductSummary;
  let rupeeEasy: ProductSummary;
  beforeAll(async () => {
    session = await openSession(t.app, '5544440001');
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    pesoFlex = await productByCode(t.app, 'peso-flex-91');
    rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
  });

  const details = (orderId: string, who = session, language = '2', productId?: number) =>
    callBorrower<LoanDetails>(t.app, who, MachinePath.loanDetails, { orderId, ...(productId ? { productId } : {}) }, language);
  const row = (data: LoanDetails, text: string) => data.userOrderDetail.detail.find((r) => r.text === text)?.value;

  it('follows an order from review to overdue: status texts, rows, rating, extension and the contract link', async () => {
    const orderNo = await pushOffer(t.app, session, pesoPlus.id);
    const review = (await details(orderNo, session, '2', pesoPlus.id)).data;
    expect(review).toMatchObject({
      orderNo,
      productId: pesoPlus.id,
      orderStatus: LoanStatus.UnderReview,
      noticeStatusText: 'En revisión',
      productName: 'PesoPlus 120',
      productLogo: pesoPlus.logoUrl,
      inside: '1',
      isScore: '0',
      isDelay: '0',
      h5Url: '',
      isNewContract: `/agreement?orderId=${orderNo}`,
    });
    expect(row(review, 'Número de pedido')).toBe(orderNo);
    expect(row(review, 'Monto del préstamo')).toBe('$10,000.00');
    expect(row(review, 'Fecha de desembolso')).toBe('');
    expect(row(review, 'Cargos por atraso pendientes')).toBe('0');

    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    expect((await details(orderNo, session, '1')).data).toMatchObject({ orderStatus: 151, noticeStatusText: 'Approved, disbursing' });

    const disbursed = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const dueDate = disbursed.dueDate ?? '';
    expect(dueDate).toBe(addDays(formatDate(new Date(disbursed.disbursedAt ?? ''), 'MX'), 30));
    const repaying = (await details(orderNo)).data;
    expect(repaying).toMatchObject({ orderStatus: LoanStatus.Disbursed, isScore: '0', isDelay: '0' });
    expect(row(repaying, 'Próxima fecha de pago')).toBe(dueDate);

    expect((await sweepAt(t.app, dueDate)).due).toBeGreaterThanOrEqual(1);
    const due = (await details(orderNo)).data;
    expect(due).toMatchObject({ orderStatus: LoanStatus.Due, isDelay: '1', isScore: '0', noticeStatusText: 'Pago pendiente' });
    expect(row(due, 'Monto a pagar ahora')).toBe('$2,694.00');

    await sweepAt(t.app, addDays(dueDate, 2));
    const late = (await details(orderNo)).data;
    expect(late).toMatchObject({ orderStatus: LoanStatus.Overdue, isDelay: '1' });
    // A new client's one-off fee 200.00, and 5% a day on 2,694.00 for days 1 and 2: 2 × 134.70
    expect(row(late, 'Cargos por atraso pendientes')).toBe('$469.40');
    expect(row(late, 'Monto a pagar ahora')).toBe('$3,163.40');
  });

  it('offers no extension on a product without one, and sends card-repaid products to their own page', async () => {
    const other = await openSession(t.app, '5544440002');
    const flexOrder = await pushOffer(t.app, other, pesoFlex.id);
    await operatorStep(t.app, OperatorPath.orderApprove, flexOrder);
    const flex = await operatorStep(t.app, OperatorPath.orderDisburse, flexOrder);
    await sweepAt(t.app, flex.dueDate ?? '');
    expect((await details(flexOrder, other)).data).toMatchObject({ orderStatus: LoanStatus.Due, isDelay: '0', h5Url: '' });

    const indian = await openSession(t.app, '9844440002', 'IN');
    const cardOrder = await pushOffer(t.app, indian, rupeeEasy.id);
    await operatorStep(t.app, OperatorPath.orderApprove, cardOrder);
    await operatorStep(t.app, OperatorPath.orderDisburse, cardOrder);
    expect((await details(cardOrder, indian, '1')).data.h5Url).toBe(`/#/borrowDetail/?orderId=${cardOrder}&productId=${rupeeEasy.id}`);
  });

  it('shows a rejected order with no contract in force', async () => {
    const other = await openSession(t.app, '5544440003');
    const orderNo = await pushOffer(t.app, other, pesoFlex.id);
    await operatorStep(t.app, OperatorPath.orderReject, orderNo);
    expect((await details(orderNo, other)).data).toMatchObject({
      orderStatus: LoanStatus.Rejected,
      noticeStatusText: 'No aprobado',
      isScore: '0',
      isNewContract: '',
    });
  });

  it("answers another borrower's order exactly like one that does not exist", async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5544440004'), pesoFlex.id);
    const stranger = await openSession(t.app, '5544440005');
    const foreign = await details(orderNo, stranger);
    const missing = await details('LN000000000000', stranger);
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ status: 404, code: ErrorCode.NotFound, message: ERROR_MESSAGES[ErrorCode.NotFound].es });
    expect((await details(orderNo, (await openSession(t.app, '5544440004')), '2', pesoPlus.id)).code).toBe(ErrorCode.NotFound);
  });
});

describe('rating an order', () => {
  let session: BorrowerSession;
  let orderNo: string;
  let totalMinor: number;
  beforeAll(async () => {
    ({ session, orderNo } = await paidOutToday(t.app, '5555550001', 'peso-flex-91'));
    totalMinor = (await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo)))[0]?.totalRepayableMinor ?? 0;
  });

  const score = (value: number | string, who = session, language = '2', order = orderNo) =>
    callBorrower(t.app, who, MachinePath.loanScore, { orderId: order, score: value }, language);
  const dismiss = (who = session, order = orderNo) => callBorrower(t.app, who, MachinePath.loanScoreDismiss, { orderId: order });
  const storedOf = async (order: string) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, order)))[0];
  const stored = async () => (await storedOf(orderNo))?.score;
  const asks = async (who = session, order = orderNo) => (await callBorrower<LoanDetails>(t.app, who, MachinePath.loanDetails, { orderId: order })).data.isScore;

  it('is not asked, rated or closed while the loan is being repaid', async () => {
    expect(await asks()).toBe('0');
    expect(await score(5)).toMatchObject({ status: 409, code: ErrorCode.ScoreNotOpen });
    expect(await dismiss()).toMatchObject({ status: 409, code: ErrorCode.ScoreNotOpen });
    expect(await storedOf(orderNo)).toMatchObject({ score: null, scoreDismissedAt: null });
  });

  it('is asked once the loan is settled', async () => {
    expect((await recordTransfer(t.app, orderNo, totalMinor, 'settling transfer')).code).toBe(0);
    expect((await callBorrower<LoanDetails>(t.app, session, MachinePath.loanDetails, { orderId: orderNo })).data).toMatchObject({ orderStatus: LoanStatus.Settled, isScore: '1' });
  });

  it('refuses a score outside 1 to 5 with the rating prompt in each language', async () => {
    for (const value of [0, 6, -1]) {
      expect(await score(value)).toMatchObject({ status: 422, code: ErrorCode.ScoreRequired, message: 'Seleccione una calificación' });
    }
    expect((await score(0, session, '1')).message).toBe('Please select a rating.');
    expect((await score('abc')).code).toBe(ErrorCode.InvalidRequest);
    expect(await stored()).toBeNull();
  });

  it("refuses another borrower's order as if it did not exist", async () => {
    const other = await openSession(t.app, '5555550002');
    expect((await score(5, other)).code).toBe(ErrorCode.NotFound);
    expect((await dismiss(other)).code).toBe(ErrorCode.NotFound);
    expect(await storedOf(orderNo)).toMatchObject({ score: null, scoreDismissedAt: null });
  });

  it('stores the score once and stops asking', async () => {
    expect(await score(3)).toMatchObject({ code: 0, data: null });
    expect(await stored()).toBe(3);
    expect(await score(5)).toMatchObject({ status: 409, code: ErrorCode.AlreadyScored });
    expect(await stored()).toBe(3);
    expect(await asks()).toBe('0');
    // Closing the question after rating it changes nothing.
    expect(await dismiss()).toMatchObject({ code: 0, data: null });
    expect(await storedOf(orderNo)).toMatchObject({ score: 3, scoreDismissedAt: null });
  });

  it('stops asking once the borrower closes the question, on every device, and keeps the first closing', async () => {
    const { session: other, orderNo: otherOrder } = await paidOutToday(t.app, '5555550003', 'peso-flex-91');
    const owed = (await storedOf(otherOrder))?.totalRepayableMinor ?? 0;
    expect((await recordTransfer(t.app, otherOrder, owed, 'settling transfer')).code).toBe(0);
    expect(await asks(other, otherOrder)).toBe('1');
    expect(await dismiss(other, otherOrder)).toMatchObject({ code: 0, data: null });
    const closedAt = (await storedOf(otherOrder))?.scoreDismissedAt;
    expect(closedAt).toBeInstanceOf(Date);
    // The next read, from this or another device of the borrower, does not ask again.
    expect(await asks(other, otherOrder)).toBe('0');
    const secondDevice = await openSession(t.app, '5555550003');
    expect(await asks(secondDevice, otherOrder)).toBe('0');
    expect(await dismiss(secondDevice, otherOrder)).toMatchObject({ code: 0 });
    expect((await storedOf(otherOrder))?.scoreDismissedAt).toEqual(closedAt);
  });
});

describe('operator: products and orders', () => {

  it('lists products with their pricing, and orders by borrower', async () => {
    const products = await callOperatorApi<ProductSummary[]>(t.app, 'GET', OperatorPath.products);
    expect(products.data.map((p) => p.code)).toEqual(['peso-flex-91', 'peso-plus-120', 'peso-max-180', 'rupee-easy-91', 'rupee-plus-180']);
    const session = await openSession(t.app, '5588880001');
    const orderNo = await pushOffer(t.app, session, (await productByCode(t.app, 'peso-max-180')).id);
    const mine = await callOperatorApi<Page<OrderSummary>>(t.app, 'GET', `${OperatorPath.orders}?userId=${session.userId}`);
    expect(mine.data.nextCursor).toBeNull();
    expect(mine.data.items).toEqual([
      expect.objectContaining({ orderNo, userId: Number(session.userId), productCode: 'peso-max-180', status: LoanStatus.UnderReview, dueDate: null }),
    ]);
    // The list names the product, its market's currency and the borrower (docs/decisions/235).
    expect(mine.data.items[0]).toMatchObject({ productName: 'PesoMax 180', market: 'MX', currency: 'MXN', borrowerName: expect.any(String) });
    const all = await callOperatorApi<Page<OrderSummary>>(t.app, 'GET', OperatorPath.orders);
    expect(all.data.items.length).toBeGreaterThan(7);
  });

  it('takes each step once, in the order the status machine allows', async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5588880002'), (await productByCode(t.app, 'peso-flex-91')).id);
    const step = (path: string) => callOperatorApi<OrderSummary>(t.app, 'POST', path, { orderNo });
    expect((await step(OperatorPath.orderDisburse)).code).toBe(ErrorCode.OrderStatusConflict);
    expect((await operatorStep(t.app, OperatorPath.orderApprove, orderNo)).status).toBe(LoanStatus.Disbursing);
    expect(await step(OperatorPath.orderApprove)).toMatchObject({ status: 409, code: ErrorCode.OrderStatusConflict });
    const paid = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    expect(paid).toMatchObject({ status: LoanStatus.Disbursed });
    expect((await step(OperatorPath.orderReject)).code).toBe(ErrorCode.OrderStatusConflict);
    expect((await step(OperatorPath.orderDisburse)).code).toBe(ErrorCode.OrderStatusConflict);
    expect(paid.disbursedAt).not.toBeNull();
    const missing = await callOperatorApi(t.app, 'POST', OperatorPath.orderApprove, { orderNo: 'LN-NOPE' });
    expect(missing).toMatchObject({ status: 404, code: ErrorCode.NotFound });
  });

  it('refuses operator calls without the token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.orders}` });
    expect(response.statusCode).toBe(401);
  });
});

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

describe('order clock', () => {
  let flex: ProductSummary;
  beforeAll(async () => {
    flex = await productByCode(t.app, 'peso-flex-91');
  });

  const order = async (orderNo: string) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo)))[0];

  it('moves an order to due on its date and to overdue after, accruing each late day once', async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5577770001'), flex.id);
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    const { dueDate } = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const due = dueDate ?? '';
    const db = t.database.db;

    await sweepOrders(db, noon(addDays(due, -1)));
    expect((await order(orderNo))?.statusCode).toBe(LoanStatus.Disbursed);
    await sweepOrders(db, noon(due));
    expect((await order(orderNo))?.statusCode).toBe(LoanStatus.Due);
    await sweepOrders(db, noon(addDays(due, 1)));
    // The new client's one-off fee $200.00, and day 1 at 5% of $5,303.90 = 265.195 → 265.20
    expect(await order(orderNo)).toMatchObject({ statusCode: LoanStatus.Overdue, penaltyMinor: 46_520, penaltyThrough: addDays(due, 1) });
    const again = await sweepOrders(db, noon(addDays(due, 1)));
    expect(again.penalised).toBe(0);
    expect((await order(orderNo))?.penaltyMinor).toBe(46_520);
    await sweepOrders(db, noon(addDays(due, 3)));
    // Days 2 and 3 added, the fee not charged again: 46,520 + 2 × 26,520
    expect((await order(orderNo))?.penaltyMinor).toBe(99_560);
    // The real clock, behind the day already accrued, takes nothing back.
    await sweepOrders(db, noon(addDays(due, 2)));
    expect((await order(orderNo))?.penaltyMinor).toBe(99_560);
  });

  it('is safe to run from several processes at once: each step happens once', async () => {
    const orderNo = await pushOffer(t.app, await openSession(t.app, '5577770002'), flex.id);
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    const { dueDate } = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const at = noon(addDays(dueDate ?? '', 4));
    const results = await Promise.all(Array.from({ length: 5 }, () => sweepOrders(t.database.db, at)));
    expect(results.reduce((sum, r) => sum + r.penalised, 0)).toBeGreaterThanOrEqual(1);
    // $200.00 + 4 days × 5% of $5,303.90 (265.20 each) = 1,260.80, applied once however many ran
    expect(await order(orderNo)).toMatchObject({ statusCode: LoanStatus.Overdue, penaltyMinor: 126_080 });
  });

  it('runs on demand through the operator API, and refuses another instant in production', async () => {
    const answer = await callOperatorApi(t.app, 'POST', OperatorPath.orderSweep, {});
    expect(answer).toMatchObject({ code: 0, data: { ran: true } });
    const production = await createTestApp({ env: { NODE_ENV: 'production', OPERATOR_TOKEN: 'x'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64), DATA_DIR: '/tmp/none' } });
    try {
      const refused = await callOperatorApi(production.app, 'POST', OperatorPath.orderSweep, { at: '2030-01-01T12:00:00Z' });
      expect(refused).toMatchObject({ status: 400, code: 1001, message: 'Invalid value for "at".' });
    } finally {
      await production.close();
    }
  });
});
