import {
  ErrorCode,
  LoanStatus,
  OperatorPath,
  type LedgerCheckView,
  type LedgerView,
  type OperatorPayoff,
  type OrderSummary,
  type Page,
  type Receipt,
} from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from './factories';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { paidOutDaysAgo, paidOutToday, recordTransfer } from './operator-payment-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const orderOf = async (orderNo: string) => {
  const { data } = await callOperatorApi<Page<OrderSummary>>(t.app, 'GET', `${OperatorPath.orders}?limit=200`);
  const order = data.items.find((o) => o.orderNo === orderNo);
  if (!order) throw new Error(`no order ${orderNo}`);
  return order;
};
const ledgerOf = (orderNo: string) => callOperatorApi<LedgerView>(t.app, 'GET', OperatorPath.orderLedger.replace(':orderNo', orderNo));
const payoffOf = (orderNo: string) => callOperatorApi<OperatorPayoff>(t.app, 'GET', OperatorPath.orderPayoff.replace(':orderNo', orderNo));

describe('a transfer an operator records', () => {
  it('is applied once per order and reference note, and its receipt says what it paid', async () => {
    const { orderNo } = await paidOutToday(t.app, '5512450001');
    const before = await orderOf(orderNo);

    const first = await recordTransfer(t.app, orderNo, 500_00, 'SPEI 0042 Banorte');
    expect(first).toMatchObject({ status: 200, code: 0, data: { replay: false } });
    const receipt = first.data.receipt;
    expect(receipt).toMatchObject({
      receiptNo: `${orderNo}-1`,
      orderNo,
      provider: 'manual',
      purpose: 'repayment',
      amountMinor: 500_00,
      rebateMinor: 0,
      creditMinor: 0,
      balanceAfterMinor: before.totalRepayableMinor - 500_00,
      statusBefore: LoanStatus.Disbursed,
      statusAfter: LoanStatus.Disbursed,
      recordedBy: 'ana.ops',
      note: 'SPEI 0042 Banorte',
    });
    // The first installment is paid tax first, then interest, then principal.
    expect(receipt.allocation.map((line) => [line.seq, line.component])).toEqual([
      [1, 'tax'],
      [1, 'interest'],
      [1, 'principal'],
    ]);
    expect(receipt.allocation.reduce((sum, line) => sum + line.amountMinor, 0)).toBe(500_00);

    // The same bank reference typed again, with other spacing and case, is the same transfer.
    const again = await recordTransfer(t.app, orderNo, 500_00, '  spei 0042   BANORTE ', 'luis.ops');
    expect(again).toMatchObject({ code: 0, data: { replay: true, receipt: { id: receipt.id, recordedBy: 'ana.ops' } } });
    const otherAmount = await recordTransfer(t.app, orderNo, 600_00, 'SPEI 0042 Banorte');
    expect(otherAmount).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest, message: 'Invalid value for "referenceNote".' });

    const listed = await callOperatorApi<Page<Receipt>>(t.app, 'GET', `${OperatorPath.payments}?orderNo=${orderNo}`);
    expect(listed.data).toEqual({ items: [receipt], nextCursor: null });
    const shown = await callOperatorApi<Receipt>(t.app, 'GET', OperatorPath.payment.replace(':id', String(receipt.id)));
    expect(shown.data).toEqual(receipt);
    expect((await orderOf(orderNo)).status).toBe(LoanStatus.Disbursed);
  });

  it('refuses an unknown order, an order never paid out and a bad amount', async () => {
    expect(await recordTransfer(t.app, 'NOPE0001', 100_00, 'x')).toMatchObject({ status: 404, code: ErrorCode.NotFound });
    const session = await openSession(t.app, '5512450002');
    const pending = await createOrder(t.database.db, Number(session.userId), LoanStatus.UnderReview);
    expect(await recordTransfer(t.app, pending.orderNo, 100_00, 'x')).toMatchObject({ status: 409, code: ErrorCode.NothingToRepay });
    const { orderNo } = await paidOutToday(t.app, '5512450003');
    expect(await recordTransfer(t.app, orderNo, 0, 'x')).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    expect(await recordTransfer(t.app, orderNo, 100_00, '   ')).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    expect(await callOperatorApi(t.app, 'GET', OperatorPath.payment.replace(':id', '999999'))).toMatchObject({ status: 404 });
  });

  it('pages every receipt newest first', async () => {
    const { orderNo } = await paidOutToday(t.app, '5512450004');
    for (const note of ['A-1', 'A-2', 'A-3']) expect((await recordTransfer(t.app, orderNo, 10_00, note)).code).toBe(0);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Page<Receipt> } = await callOperatorApi<Page<Receipt>>(
        t.app,
        'GET',
        `${OperatorPath.payments}?orderNo=${orderNo}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.data.items.map((r) => r.receiptNo));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual([`${orderNo}-3`, `${orderNo}-2`, `${orderNo}-1`]);
    const all = await callOperatorApi<Page<Receipt>>(t.app, 'GET', `${OperatorPath.payments}?limit=200`);
    expect(all.data.items.map((r) => r.id)).toEqual([...all.data.items.map((r) => r.id)].sort((a, b) => b - a));
  });
});

describe("an order's ledger", () => {
  it('lists the payout and the transfer, each balanced, and what each account holds', async () => {
    const { orderNo } = await paidOutToday(t.app, '5512450010');
    const order = await orderOf(orderNo);
    await recordTransfer(t.app, orderNo, 300_00, 'ledger test');
    const { data } = await ledgerOf(orderNo);
    expect(data.orderNo).toBe(orderNo);
    expect(data.entries.map((e) => e.kind)).toEqual(['disbursal', 'payment']);
    for (const entry of data.entries) expect(entry.postings.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(0);
    const account = (name: string) => data.accounts.find((a) => a.account === name)?.balanceMinor;
    // Paid out from the lender's account; the transfer came back into it.
    expect(account('lender_cash')).toBe(-order.disbursalMinor + 300_00);
    expect(account('principal_receivable')).toBeLessThanOrEqual(order.principalMinor);
    expect(data.accounts.reduce((sum, a) => sum + a.balanceMinor, 0)).toBe(0);
    expect(await ledgerOf('NOPE0002')).toMatchObject({ status: 404, code: ErrorCode.NotFound });
  });

  it('passes the ledger check', async () => {
    const { data } = await callOperatorApi<LedgerCheckView>(t.app, 'GET', OperatorPath.ledgerCheck);
    expect(data.mismatchCount).toBe(0);
    expect(data.mismatches).toEqual([]);
    expect(data.ordersChecked).toBeGreaterThan(0);
  });
});

describe('the payoff', () => {
  it('says from when early repayment is allowed on a loan paid out today', async () => {
    const { orderNo } = await paidOutToday(t.app, '5512450020');
    const today = formatDate(new Date(), 'MX');
    const { data } = await payoffOf(orderNo);
    // Half of the 120-day term comes after the seven days from the payout.
    expect(data).toMatchObject({ orderNo, market: 'MX', today, allowed: false, payoffMinor: null, reason: 'beforeShareOfTerm', allowedFrom: addDays(today, 60) });
    expect(data.outstandingMinor).toBe((await orderOf(orderNo)).totalRepayableMinor);
  });

  it('takes off the interest not yet earned, and paying it settles the loan with that rebate', async () => {
    const { orderNo } = await paidOutDaysAgo(t, '5512450021', 'peso-flex-91', 60);
    const { data: quote } = await payoffOf(orderNo);
    expect(quote.allowed).toBe(true);
    expect(quote.rebateMinor).toBeGreaterThan(0);
    expect(quote.payoffMinor).toBe(quote.outstandingMinor - quote.rebateMinor);
    expect(quote.rebates.reduce((sum, r) => sum + r.interestMinor + r.taxMinor, 0)).toBe(quote.rebateMinor);

    const paid = await recordTransfer(t.app, orderNo, quote.payoffMinor ?? 0, 'payoff transfer');
    expect(paid.data.receipt).toMatchObject({ rebateMinor: quote.rebateMinor, balanceAfterMinor: 0, creditMinor: 0, statusAfter: LoanStatus.Settled });
    expect((await orderOf(orderNo)).status).toBe(LoanStatus.Settled);
    expect(await payoffOf(orderNo)).toMatchObject({ status: 409, code: ErrorCode.NothingToRepay });
    const kinds = (await ledgerOf(orderNo)).data.entries.map((e) => e.kind);
    expect(kinds).toEqual(['disbursal', 'rebate', 'payment']);
  });
});
