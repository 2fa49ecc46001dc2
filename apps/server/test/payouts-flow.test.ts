import { ErrorCode, LoanStatus, OperatorPath, type LedgerView } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { givePayoutAccount, testClabe } from './payout-account-factory';
import { approvedOrder, borrowerDetails, orderOf, payoutList, payoutsOf, rowOf, runSender, sandboxPayout } from './payout-helpers';
import { callOperatorApi, operatorStep, productByCode, pushOffer } from './loan-helpers';
import { openSession } from './helper';

/**
 * Money out (docs/decisions/152, 153): approval queues the payout of the net amount, the sender
 * hands it to the sandbox rail, and the order is paid out only when the rail says the money landed,
 * its first due date counted from that day; the borrower sees where the money goes and, once paid,
 * the transfer's reference. Every test leaves books the ledger check accepts.
 */

const DAY_MS = 86_400_000;
let clock = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, now: () => clock });
});
afterAll(async () => t?.close());

describe('a payout from approval to the borrower’s bank', () => {
  it('pays out a Mexican loan: queued at approval, sent, landed with its SPEI tracking key, the first due date counted from the day it landed', async () => {
    const { session, orderNo, order } = await approvedOrder(t.app, '5571000001', 'peso-plus-120');
    const [queued] = await payoutsOf(t.app, orderNo);
    expect(queued).toMatchObject({ status: 'queued', market: 'MX', currency: 'MXN', provider: 'sandbox-payout', accountLast4: testClabe('1234').slice(-4), amountMinor: order.disbursalMinor });
    expect((await borrowerDetails(t.app, session, orderNo, '2')).noticeDesText).toBe(`Se está depositando en su cuenta con terminación ${testClabe('1234').slice(-4)}.`);

    expect((await runSender(t.app)).data.inFlight).toBeGreaterThanOrEqual(1);
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'processing', attempts: 1 });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursing);

    const approvedOn = formatDate(clock, 'MX');
    clock = new Date(clock.getTime() + 4 * DAY_MS);
    const landed = await sandboxPayout(t.app, orderNo, 'settle');
    expect(landed.data).toMatchObject({ status: 'paid' });
    expect(landed.data.transferRef).toMatch(/^[A-Z0-9]{18,30}$/);
    const paidOut = await orderOf(t.app, session, orderNo);
    expect(paidOut.status).toBe(LoanStatus.Disbursed);
    expect(paidOut.dueDate).toBe(addDays(formatDate(clock, 'MX'), 30));
    expect(paidOut.dueDate).not.toBe(addDays(approvedOn, 30));

    const details = await borrowerDetails(t.app, session, orderNo, '2');
    expect(rowOf(details, 'Clave de rastreo SPEI')).toBe(landed.data.transferRef);
    const ledger = await callOperatorApi<LedgerView>(t.app, 'GET', OperatorPath.orderLedger.replace(':orderNo', orderNo));
    expect(ledger.data.accounts.find((a) => a.account === 'lender_cash')?.balanceMinor).toBe(-order.disbursalMinor);
  });

  it('pays out an Indian loan with its UTR, in English', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '+919871000001', 'rupee-easy-91');
    expect((await borrowerDetails(t.app, session, orderNo, '1')).noticeDesText).toBe('Being paid out to your account ending 1234.');
    const paid = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    expect(paid.status).toBe(LoanStatus.Disbursed);
    const [payout] = await payoutsOf(t.app, orderNo);
    expect(payout).toMatchObject({ status: 'paid', currency: 'INR' });
    expect(payout?.transferRef).toMatch(/^\d{12}$/);
    expect(rowOf(await borrowerDetails(t.app, session, orderNo, '1'), 'UTR')).toBe(payout?.transferRef);
  });

  it('holds the payout of a borrower without an account, for an operator, and sends it once there is one', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5571000002', 'peso-plus-120', { payoutAccount: false });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursing);
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'held', reason: 'no-account' });
    expect((await payoutList(t.app, 'attention')).map((p) => p.orderNo)).toContain(orderNo);
    expect((await borrowerDetails(t.app, session, orderNo, '1')).noticeDesText).toBe('Add a payout account so we can send you the money.');
    expect((await callOperatorApi(t.app, 'POST', OperatorPath.orderDisburse, { orderNo })).code).toBe(ErrorCode.PayoutHeld);

    await givePayoutAccount(t.database.db, Number(session.userId), { last4: '5678' });
    expect((await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo })).data).toMatchObject({ status: 'queued', accountLast4: testClabe('5678').slice(-4) });
    expect((await operatorStep(t.app, OperatorPath.orderDisburse, orderNo)).status).toBe(LoanStatus.Disbursed);
    expect(await payoutsOf(t.app, orderNo)).toHaveLength(1);
  });

  it('queues one payout when the same order is approved twenty times at once', async () => {
    const session = await openSession(t.app, '5571000003');
    const orderNo = await pushOffer(t.app, session, (await productByCode(t.app, 'peso-flex-91')).id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callOperatorApi(t.app, 'POST', OperatorPath.orderApprove, { orderNo })));
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, ...Array(19).fill(ErrorCode.OrderStatusConflict)]);
    expect(await payoutsOf(t.app, orderNo)).toHaveLength(1);
    await runSender(t.app);
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'processing', attempts: 1 });
    await runSender(t.app);
    expect(await payoutsOf(t.app, orderNo)).toHaveLength(1);
    expect((await sandboxPayout(t.app, orderNo, 'settle')).data.status).toBe('paid');
  });
});
