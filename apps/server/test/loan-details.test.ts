import { ErrorCode, ERROR_MESSAGES, LoanStatus, MachinePath, OperatorPath, type LoanDetails, type ProductSummary } from '@lend/contracts';
import { addDays } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, operatorStep, productByCode, pushOffer, sweepAt } from './loan-helpers';

describe('loan order details', () => {
  let t: TestApp;
  let session: BorrowerSession;
  let pesoPlus: ProductSummary;
  let pesoFlex: ProductSummary;
  let rupeeEasy: ProductSummary;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5544440001');
    pesoPlus = await productByCode(t.app, 'peso-plus-120');
    pesoFlex = await productByCode(t.app, 'peso-flex-91');
    rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
  });
  afterAll(async () => t?.close());

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
    expect(row(review, 'Cargos por atraso acumulados')).toBe('0');

    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    expect((await details(orderNo, session, '1')).data).toMatchObject({ orderStatus: 151, noticeStatusText: 'Approved, disbursing' });

    const disbursed = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const dueDate = disbursed.dueDate ?? '';
    expect(dueDate).toBe(addDays(disbursed.disbursedAt?.slice(0, 10) ?? '', 30));
    const repaying = (await details(orderNo)).data;
    expect(repaying).toMatchObject({ orderStatus: LoanStatus.Disbursed, isScore: '1', isDelay: '0' });
    expect(row(repaying, 'Próxima fecha de pago')).toBe(dueDate);

    expect((await sweepAt(t.app, dueDate)).due).toBeGreaterThanOrEqual(1);
    const due = (await details(orderNo)).data;
    expect(due).toMatchObject({ orderStatus: LoanStatus.Due, isDelay: '1', isScore: '0', noticeStatusText: 'Pago pendiente' });
    expect(row(due, 'Monto a pagar ahora')).toBe('$2,694.00');

    await sweepAt(t.app, addDays(dueDate, 2));
    const late = (await details(orderNo)).data;
    expect(late).toMatchObject({ orderStatus: LoanStatus.Overdue, isDelay: '1' });
    // 3% a day on 2,694.00 for 2 days = 161.64
    expect(row(late, 'Cargos por atraso acumulados')).toBe('$161.64');
    expect(row(late, 'Monto a pagar ahora')).toBe('$2,855.64');
  });

  it('offers no extension on a product without one, and sends card-repaid products to their own page', async () => {
    const other = await openSession(t.app, '5544440002');
    const flexOrder = await pushOffer(t.app, other, pesoFlex.id);
    await operatorStep(t.app, OperatorPath.orderApprove, flexOrder);
    const flex = await operatorStep(t.app, OperatorPath.orderDisburse, flexOrder);
    await sweepAt(t.app, flex.dueDate ?? '');
    expect((await details(flexOrder, other)).data).toMatchObject({ orderStatus: LoanStatus.Due, isDelay: '0', h5Url: '' });

    const cardOrder = await pushOffer(t.app, other, rupeeEasy.id);
    await operatorStep(t.app, OperatorPath.orderApprove, cardOrder);
    await operatorStep(t.app, OperatorPath.orderDisburse, cardOrder);
    expect((await details(cardOrder, other, '1')).data.h5Url).toBe(`/#/addnormalcard?orderId=${cardOrder}&productId=${rupeeEasy.id}`);
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
