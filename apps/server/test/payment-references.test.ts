import { ErrorCode, Limits, MachinePath, OperatorPath, type InstallmentDetail, type ProductSummary, type RepayInstruction } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loanOrders, paymentReferences } from '../src/db/schema';
import type { CashPaymentProvider } from '../src/providers/payments/cash-payments';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, operatorStep, productByCode, pushOffer } from './loan-helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A provider that answers the references of `answers` in turn, then repeats the last one. */
function scriptedProvider(answers: string[]): CashPaymentProvider & { asked: number } {
  const provider = {
    asked: 0,
    async issueReference() {
      const answer = answers[Math.min(provider.asked, answers.length - 1)] ?? '';
      provider.asked += 1;
      return { reference: answer };
    },
    async closeForDeletion() {},
  };
  return provider;
}

/** A disbursed order of a new borrower on the peso product: it has something to repay. */
async function repayingOrder(app: TestApp, phone: string): Promise<{ session: BorrowerSession; orderNo: string; product: ProductSummary }> {
  const session = await openSession(app.app, phone);
  const product = await productByCode(app.app, 'peso-plus-120');
  const orderNo = await pushOffer(app.app, session, product.id);
  await operatorStep(app.app, OperatorPath.orderApprove, orderNo);
  await operatorStep(app.app, OperatorPath.orderDisburse, orderNo);
  return { session, orderNo, product };
}

const instruction = (app: TestApp, who: BorrowerSession, orderNo: string, amount: number, requestType = '1') =>
  callBorrower<RepayInstruction>(app.app, who, MachinePath.repayInstruction, { orderId: orderNo, requestType, amount, payCode: 'tienda-demo' });

describe('payment references issued by a provider', () => {
  it('never shows a borrower a reference another order holds: the provider is asked again', async () => {
    const provider = scriptedProvider(['91111111111111', '91111111111111', '92222222222222']);
    t = await createTestApp({ seed: true, cashPayments: provider });
    const first = await repayingOrder(t, '5599980001');
    const second = await repayingOrder(t, '5599980002');
    const mine = await instruction(t, first.session, first.orderNo, 100_00);
    expect(mine).toMatchObject({ code: 0, data: { repayDetail: { vCode: '91111111111111' } } });

    const theirs = await instruction(t, second.session, second.orderNo, 100_00);
    expect(theirs).toMatchObject({ code: 0, data: { repayDetail: { vCode: '92222222222222' } } });
    // The first order keeps its own reference.
    expect((await instruction(t, first.session, first.orderNo, 100_00)).data.repayDetail.vCode).toBe('91111111111111');
  });

  it('fails with a clear error, showing nothing, when the provider keeps answering a reference another order holds', async () => {
    const provider = scriptedProvider(['93333333333333']);
    t = await createTestApp({ seed: true, cashPayments: provider });
    const first = await repayingOrder(t, '5599980003');
    const second = await repayingOrder(t, '5599980004');
    expect((await instruction(t, first.session, first.orderNo, 100_00)).data.repayDetail.vCode).toBe('93333333333333');
    provider.asked = 0;

    const refused = await instruction(t, second.session, second.orderNo, 100_00);
    expect(refused).toMatchObject({ status: 503, code: ErrorCode.PaymentReferenceUnavailable, data: null });
    expect(refused.message).toBe('No pudimos generar una referencia de pago en este momento. Inténtelo más tarde.');
    expect(JSON.stringify(refused)).not.toContain('93333333333333');
    expect(provider.asked).toBe(Limits.paymentReferenceTries);
    const detail = await callBorrower<InstallmentDetail>(t.app, second.session, MachinePath.installmentDetail, { orderId: second.orderNo });
    expect(detail).toMatchObject({ status: 503, code: ErrorCode.PaymentReferenceUnavailable });
  });
});

describe('live payment references per order', () => {
  it('refuses a new chosen amount past the bound, in the borrower language, but always issues the amount due and amounts asked before', async () => {
    t = await createTestApp({ seed: true });
    const { session, orderNo } = await repayingOrder(t, '5599980005');
    const due = (await callBorrower<InstallmentDetail>(t.app, session, MachinePath.installmentDetail, { orderId: orderNo })).data.repayAmount;
    // The installment detail holds the amount due; amounts the borrower chose before fill the rest.
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    const chosen = Array.from({ length: Limits.paymentReferenceAmountsMax - 1 }, (_, i) => (i + 1) * 100);
    await t.database.db.insert(paymentReferences).values(
      chosen.map((amountMinor) => ({ orderId: order?.id ?? 0, channelCode: 'tienda-demo', requestType: 1, amountMinor, reference: `95${String(amountMinor).padStart(12, '0')}`, expiresAt: new Date(Date.now() + 3_600_000) })),
    );
    const refused = await instruction(t, session, orderNo, 99_00);
    expect(refused).toMatchObject({ status: 409, code: ErrorCode.TooManyPaymentReferences, data: null });
    expect(refused.message).toBe('Este préstamo tiene demasiadas referencias de pago. Pague el monto adeudado o uno que ya solicitó.');
    expect((await instruction(t, session, orderNo, 100)).code).toBe(0);
    expect((await instruction(t, session, orderNo, due)).code).toBe(0);
  });
});
