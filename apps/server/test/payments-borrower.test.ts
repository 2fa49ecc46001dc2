import { ErrorCode, MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath, type BorrowerPayments, type BorrowerPayoff } from '@lend/contracts';
import { addDays, formatAmount, formatDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { paidOutDaysAgo, paidOutToday, recordTransfer } from './operator-payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const ENGLISH = '1';
const SPANISH = '2';
const receipts = (who: BorrowerSession, orderId: string, language = SPANISH, extra: Record<string, number> = {}) =>
  callBorrower<BorrowerPayments>(t.app, who, MachinePath.installmentPayments, { orderId, ...extra }, language);
const payoff = (who: BorrowerSession, orderId: string, language = SPANISH) =>
  callBorrower<BorrowerPayoff>(t.app, who, MachinePath.installmentPayoff, { orderId }, language);

describe("the borrower's receipts", () => {
  it('lists the payments newest first with what each paid and the balance it left, in Spanish and English', async () => {
    const { session, orderNo, product } = await paidOutToday(t.app, '5512460001');
    const empty = await receipts(session, orderNo);
    expect(empty.data).toMatchObject({ orderNo, market: 'MX', receipts: [], settledOn: null, settledText: '', emptyText: 'Aún no hay pagos.' });

    const first = (await recordTransfer(t.app, orderNo, 500_00, 'R-1')).data.receipt;
    await recordTransfer(t.app, orderNo, 50_00, 'R-2');
    const es = (await receipts(session, orderNo, SPANISH, { productId: product.id })).data;
    expect(es.receipts.map((r) => r.receiptNo)).toEqual([`${orderNo}-2`, `${orderNo}-1`]);
    const older = es.receipts[1];
    expect(older).toMatchObject({
      paidOn: formatDate(new Date(), 'MX'),
      amountMinor: 500_00,
      title: 'Pago de $500.00',
      balanceAfterMinor: first.balanceAfterMinor,
      balanceAfter: formatAmount(first.balanceAfterMinor, 'MX'),
    });
    expect(older?.rows.map((row) => row.text)).toEqual(['IVA, pago 1', 'Intereses, pago 1', 'Capital, pago 1', 'Saldo pendiente después de este pago']);
    expect(older?.rows.slice(0, 3).map((row) => row.value)).toEqual(first.allocation.map((line) => formatAmount(line.amountMinor, 'MX')));
    expect(es.emptyText).toBe('');

    const en = (await receipts(session, orderNo, ENGLISH)).data;
    expect(en.receipts[1]?.title).toBe('Payment of $500.00');
    expect(en.receipts[1]?.rows.map((row) => row.text)).toEqual(['IVA, payment 1', 'Interest, payment 1', 'Principal, payment 1', 'Still owed after this payment']);
  });

  it('gives a settled order its settlement date and shows the rebate of an early payoff', async () => {
    const { session, orderNo } = await paidOutDaysAgo(t, '5512460002', 'peso-flex-91', 60);
    const quote = (await payoff(session, orderNo)).data;
    await recordTransfer(t.app, orderNo, quote.payoffMinor ?? 0, 'payoff');
    const today = formatDate(new Date(), 'MX');
    const es = (await receipts(session, orderNo)).data;
    expect(es).toMatchObject({ settledOn: today, settledText: `Pagado en su totalidad el ${today}. ¡Gracias!` });
    expect(es.receipts[0]?.rows).toContainEqual({ text: 'Intereses aún no devengados, descontados (pago anticipado)', value: formatAmount(quote.rebateMinor, 'MX') });
    expect(es.receipts[0]?.rows.at(-1)).toEqual({ text: 'Saldo pendiente después de este pago', value: '$0.00' });
    expect((await receipts(session, orderNo, ENGLISH)).data.settledText).toBe(`Repaid in full on ${today}. Thank you!`);
  });

  it("reads another borrower's order, or the wrong product, as not found", async () => {
    const { orderNo, product } = await paidOutToday(t.app, '5512460003');
    const stranger = await openSession(t.app, '5512460004');
    expect(await receipts(stranger, orderNo)).toMatchObject({ status: 404, code: ErrorCode.NotFound, data: null });
    expect(await payoff(stranger, orderNo)).toMatchObject({ status: 404, code: ErrorCode.NotFound, data: null });
    const owner = await openSession(t.app, '5512460003');
    expect(await receipts(owner, orderNo, SPANISH, { productId: product.id + 1 })).toMatchObject({ status: 404, code: ErrorCode.NotFound });
  });
});

describe("the borrower's payoff", () => {
  it('says from when early repayment is allowed, and why, in the borrower language', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512460010');
    const from = addDays(formatDate(new Date(), 'MX'), 60);
    const es = (await payoff(session, orderNo)).data;
    expect(es).toMatchObject({ allowed: false, payoffMinor: null, allowedFrom: from, reason: 'beforeShareOfTerm', title: 'Liquide su préstamo' });
    expect(es.message).toBe(`Puede liquidar todo el préstamo por anticipado desde el ${from}, una vez transcurrido el 50% de su plazo.`);
    expect(es.rows.at(-1)).toEqual({ text: 'Pago anticipado desde', value: from });
    const en = (await payoff(session, orderNo, ENGLISH)).data;
    expect(en.message).toBe(`You can repay the whole loan early from ${from}, once 50% of its term has passed.`);
  });

  it('says what settles the loan today, the interest not yet earned taken off, in rupees for India', async () => {
    const { session, orderNo } = await paidOutDaysAgo(t, '9812460011', 'rupee-easy-91', 60);
    const en = (await payoff(session, orderNo, ENGLISH)).data;
    expect(en).toMatchObject({ market: 'IN', allowed: true, allowedFrom: null, reason: null, title: 'Pay off your loan' });
    expect(en.rebateMinor).toBeGreaterThan(0);
    expect(en.payoffMinor).toBe(en.outstandingMinor - en.rebateMinor);
    const amount = formatAmount(en.payoffMinor ?? 0, 'IN');
    expect(amount.startsWith('₹')).toBe(true);
    expect(en.message).toBe(`Pay ${amount} today to repay your loan in full: ${formatAmount(en.rebateMinor, 'IN')} of interest not yet earned is taken off.`);
    expect(en.rows).toEqual([
      { text: 'Total owed', value: formatAmount(en.outstandingMinor, 'IN') },
      // A minus that never leaves its amount at the end of a narrow line.
      { text: 'Interest not yet earned, with its tax', value: `−\u2060${formatAmount(en.rebateMinor, 'IN')}` },
      { text: 'To pay today', value: amount },
    ]);
    const es = (await payoff(session, orderNo, SPANISH)).data;
    expect(es.message).toBe(`Pague ${amount} hoy para liquidar su préstamo: se descuentan ${formatAmount(en.rebateMinor, 'IN')} de intereses aún no devengados.`);
  });

  it('answers nothing to repay for a settled order, in the borrower language', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5512460012');
    const { data } = await payoff(session, orderNo);
    expect(data.allowed).toBe(false);
    // Paying everything owed settles the loan even before early repayment opens.
    await recordTransfer(t.app, orderNo, data.outstandingMinor, 'all of it');
    expect(await payoff(session, orderNo)).toMatchObject({ status: 409, code: ErrorCode.NothingToRepay, message: 'Este préstamo no tiene nada por pagar.' });
  });
});

describe('the API description', () => {
  it('describes the borrower and operator payment calls', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(docs.paths[`${MACHINE_BASE}${MachinePath.installmentPayments}`] ?? {})).toContain('post');
    expect(Object.keys(docs.paths[`${MACHINE_BASE}${MachinePath.installmentPayoff}`] ?? {})).toContain('post');
    expect(Object.keys(docs.paths[`${OPERATOR_BASE}${OperatorPath.payments}`] ?? {}).sort()).toEqual(['get', 'post']);
    expect(docs.paths[`${OPERATOR_BASE}/orders/{orderNo}/ledger`]).toBeDefined();
    expect(docs.paths[`${OPERATOR_BASE}${OperatorPath.ledgerCheck}`]).toBeDefined();
  });
});
