import { ErrorCode, LoanStatus, OperatorPath, ProfilePath, type LedgerView, type OrderSummary } from '@lend/contracts';
import { addDays, type IsoDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, type TestApp } from './helper';
import { callOperatorApi, operatorStep, sweepAt } from './loan-helpers';
import { recordTransfer } from './operator-payment-helpers';
import { approvedOrder, orderOf, payoutList, payoutsOf, sandboxPayout } from './payout-helpers';
import { clabe, GLORIA, profileCalls } from './profile-helpers';

/**
 * A payout the bank returned after the borrower had paid something (docs/decisions/155, 224): the
 * clock stops for the order at once, an operator restates it to what was received (the loan never
 * paid out, what the borrower paid owed back to them), then sends the payout again to a corrected
 * account or refunds what was repaid; the books are checked after every step.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());
const { call } = profileCalls(() => t);

async function ledgerOf(orderNo: string): Promise<LedgerView> {
  return (await callOperatorApi<LedgerView>(t.app, 'GET', OperatorPath.orderLedger.replace(':orderNo', orderNo))).data;
}

const balanceOn = (ledger: LedgerView, account: string) => ledger.accounts.find((a) => a.account === account)?.balanceMinor ?? 0;

async function expectBooksClean(): Promise<void> {
  expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
}

function restate(orderNo: string) {
  return callOperatorApi<OrderSummary>(t.app, 'POST', OperatorPath.payoutRestate, { orderNo });
}

/** An order paid out, overdue with late charges, partly repaid, then returned by its bank. */
async function returnedAfterPayment(phone: string) {
  const { session, orderNo } = await approvedOrder(t.app, phone, 'peso-plus-120');
  const paidOut = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
  const due = paidOut.dueDate as IsoDate;
  await sweepAt(t.app, addDays(due, 2));
  const late = await orderOf(t.app, session, orderNo);
  expect(late).toMatchObject({ status: LoanStatus.Overdue });
  expect(late.penaltyMinor).toBeGreaterThan(0);
  expect((await recordTransfer(t.app, orderNo, 100_00, 'SPEI 4411')).code).toBe(0);
  await expectBooksClean();
  expect((await sandboxPayout(t.app, orderNo, 'reverse', 'account-closed')).data).toMatchObject({ status: 'reversed', reason: 'reversed-after-payment' });
  await expectBooksClean();
  return { session, orderNo, due, late: await orderOf(t.app, session, orderNo) };
}

describe('a payout returned after the borrower paid something', () => {
  it('stops the clock at once, restates the order to a borrower credit, and pays out again to a corrected account', async () => {
    const { session, orderNo, due, late } = await returnedAfterPayment('5578000001');

    // Unresolved: the clock leaves the order alone, however late it gets.
    await sweepAt(t.app, addDays(due, 12));
    expect(await orderOf(t.app, session, orderNo)).toMatchObject({ status: late.status, penaltyMinor: late.penaltyMinor });
    await expectBooksClean();

    // The borrower corrects their account meanwhile: nothing is sent while the return is unresolved.
    const who = { ...session, market: 'MX' as const, language: '2' as const };
    expect((await call(who, ProfilePath.identity, GLORIA)).body.code).toBe(0);
    const corrected = { holderName: 'Gloria Hernández García', clabe: clabe('014') };
    expect((await call(who, ProfilePath.payoutBind, corrected)).body.code).toBe(0);
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'reversed', reason: 'reversed-after-payment' });
    expect(await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo })).toMatchObject({ status: 409, code: ErrorCode.PayoutNotRetryable });

    const restated = await restate(orderNo);
    expect(restated.code).toBe(0);
    expect(restated.data).toMatchObject({ status: LoanStatus.Disbursing, disbursedAt: null, dueDate: null, penaltyMinor: 0, penaltyPaidMinor: 0, creditMinor: 100_00 });
    const books = await ledgerOf(orderNo);
    expect(books.entries.map((entry) => entry.kind)).toEqual(['disbursal', 'late-charge', 'payment', 'disbursal-reversal', 'payout-restatement']);
    for (const account of ['principal_receivable', 'interest_receivable', 'tax_receivable', 'late_charges_receivable', 'late_charge_income', 'interest_income', 'commission_income', 'tax_payable']) {
      expect(balanceOn(books, account), account).toBe(0);
    }
    expect(balanceOn(books, 'borrower_credit')).toBe(-100_00);
    await expectBooksClean();
    // Restated once: a second ask finds nothing left to restate.
    expect(await restate(orderNo)).toMatchObject({ status: 409, code: ErrorCode.PayoutNotRestatable });
    expect((await payoutList(t.app, 'attention')).find((p) => p.orderNo === orderNo)).toMatchObject({ status: 'reversed', reason: 'account-closed' });

    await sweepAt(t.app, addDays(due, 20));
    expect(await orderOf(t.app, session, orderNo)).toMatchObject({ status: LoanStatus.Disbursing, penaltyMinor: 0 });

    // The resend: the existing retry to the corrected account, then the payout lands as a fresh one.
    expect(await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo })).toMatchObject({ code: 0, data: { status: 'queued', accountLast4: corrected.clabe.slice(-4) } });
    const again = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    expect(again).toMatchObject({ status: LoanStatus.Disbursed, penaltyMinor: 0, penaltyPaidMinor: 0, creditMinor: 100_00 });
    expect(again.dueDate).not.toBeNull();
    expect((await ledgerOf(orderNo)).entries.map((entry) => entry.kind).slice(-1)).toEqual(['disbursal']);
    await expectBooksClean();
  });

  it('restates the order and refunds what the borrower repaid', async () => {
    const { session, orderNo } = await returnedAfterPayment('5578000002');
    expect((await restate(orderNo)).data).toMatchObject({ status: LoanStatus.Disbursing, creditMinor: 100_00 });
    await expectBooksClean();

    const refund = await callOperatorApi(t.app, 'POST', OperatorPath.refunds, { orderNo, outside: true, note: 'SPEI devolución 77', recordedBy: 'ana.ops' });
    expect(refund.code).toBe(0);
    expect(await orderOf(t.app, session, orderNo)).toMatchObject({ status: LoanStatus.Disbursing, creditMinor: 0 });
    const books = await ledgerOf(orderNo);
    expect(books.entries.map((entry) => entry.kind).slice(-1)).toEqual(['refund']);
    expect(books.accounts.filter((account) => account.balanceMinor !== 0).map((account) => account.account)).toEqual([]);
    await expectBooksClean();
    expect((await operatorStep(t.app, OperatorPath.orderReject, orderNo)).status).toBe(LoanStatus.Rejected);
    await expectBooksClean();
  });

  it('refuses to restate an order whose payout was not returned after a payment', async () => {
    const { orderNo } = await approvedOrder(t.app, '5578000003', 'peso-flex-91');
    await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    expect(await restate(orderNo)).toMatchObject({ status: 409, code: ErrorCode.PayoutNotRestatable });
    expect(await restate('MX-NO-SUCH')).toMatchObject({ status: 404 });
  });
});
