import { ErrorCode, LoanStatus, OperatorPath, ProfilePath, type LedgerView } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi, operatorStep } from './loan-helpers';
import { givePayoutAccount } from './payout-account-factory';
import { approvedOrder, borrowerDetails, orderOf, payoutList, payoutsOf, runSender, sandboxPayout } from './payout-helpers';
import { clabe, GLORIA, profileCalls } from './profile-helpers';

/**
 * A payout the bank refuses or returns (docs/decisions/152, 155): the order stays approved for an
 * operator, the borrower is told to check their account and may then replace it, and a new payout
 * goes only to another account; one returned after it landed undoes the disbursal in the ledger.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());
const { call } = profileCalls(() => t);

describe('a payout the bank refuses', () => {
  it('goes back to an operator, tells the borrower, unlocks their account, and pays to the new one', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5572000001', 'peso-plus-120');
    const who = { ...session, market: 'MX' as const, language: '2' as const };
    expect((await call(who, ProfilePath.identity, GLORIA)).body.code).toBe(0);
    const newAccount = { holderName: 'Gloria Hernández García', clabe: clabe('014') };
    expect((await call(who, ProfilePath.payoutBind, newAccount)).body.code).toBe(ErrorCode.PayoutAccountLocked);

    await runSender(t.app);
    // Read (and remembered) before the refusal: the payout's change must reach the remembered answer.
    expect((await borrowerDetails(t.app, session, orderNo, '2')).noticeDesText).toMatch(/^Se está depositando/);
    expect((await sandboxPayout(t.app, orderNo, 'reject', 'account-closed')).data).toMatchObject({ status: 'rejected', reason: 'account-closed' });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursing);
    expect((await payoutList(t.app, 'attention')).find((p) => p.orderNo === orderNo)).toMatchObject({ status: 'rejected', reason: 'account-closed' });
    expect((await borrowerDetails(t.app, session, orderNo, '2')).noticeDesText).toMatch(/^No pudimos depositar en su cuenta con terminación \d{4}\. Revise su cuenta de depósito/);
    expect((await borrowerDetails(t.app, session, orderNo, '1')).noticeDesText).toMatch(/Please check your payout account/);

    const sameAccount = await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo });
    expect(sameAccount).toMatchObject({ status: 409, code: ErrorCode.PayoutRetrySameAccount });
    // Disbursing again sends nothing while the latest payout stands rejected: it says so instead of answering done.
    const disburseRejected = await callOperatorApi(t.app, 'POST', OperatorPath.orderDisburse, { orderNo });
    expect(disburseRejected).toMatchObject({ status: 409, code: ErrorCode.PayoutNeedsRetry });
    expect((await payoutsOf(t.app, orderNo))).toHaveLength(1);

    expect((await call(who, ProfilePath.payoutBind, newAccount)).body.code).toBe(0);
    const [requeued, refused] = await payoutsOf(t.app, orderNo);
    expect(requeued).toMatchObject({ status: 'queued', accountLast4: newAccount.clabe.slice(-4) });
    expect(refused?.status).toBe('rejected');
    expect((await call(who, ProfilePath.payoutBind, { holderName: 'Gloria Hernández García', clabe: clabe('021') })).body.code).toBe(ErrorCode.PayoutAccountLocked);
    expect((await operatorStep(t.app, OperatorPath.orderDisburse, orderNo)).status).toBe(LoanStatus.Disbursed);
  });

  it('refuses an account the bank says is closed, or holds under another name, before any money leaves', async () => {
    const closed = await approvedOrder(t.app, '5572000002', 'peso-plus-120', { payoutAccount: false });
    await givePayoutAccount(t.database.db, Number(closed.session.userId), { last4: '0000' });
    await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo: closed.orderNo });
    const other = await approvedOrder(t.app, '5572000003', 'peso-plus-120', { payoutAccount: false });
    await givePayoutAccount(t.database.db, Number(other.session.userId), { last4: '9999' });
    await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo: other.orderNo });

    expect((await runSender(t.app)).data.rejected).toBe(2);
    expect((await payoutsOf(t.app, closed.orderNo))[0]).toMatchObject({ status: 'rejected', reason: 'account-closed' });
    expect((await payoutsOf(t.app, other.orderNo))[0]).toMatchObject({ status: 'rejected', reason: 'name-mismatch' });
    expect(await sandboxPayout(t.app, other.orderNo, 'settle')).toMatchObject({ code: ErrorCode.PayoutNotInFlight });

    expect((await payoutList(t.app, 'attention')).map((p) => p.orderNo)).toContain(closed.orderNo);
    expect((await operatorStep(t.app, OperatorPath.orderReject, closed.orderNo)).status).toBe(LoanStatus.Rejected);
    expect((await payoutList(t.app, 'attention')).map((p) => p.orderNo)).not.toContain(closed.orderNo);
  });

  it('refuses to reject an order whose payout is with the provider', async () => {
    const { orderNo } = await approvedOrder(t.app, '5572000004', 'peso-flex-91');
    await runSender(t.app);
    expect(await callOperatorApi(t.app, 'POST', OperatorPath.orderReject, { orderNo })).toMatchObject({ status: 409, code: ErrorCode.PayoutInFlight });
    await sandboxPayout(t.app, orderNo, 'settle');
  });
});

describe('a payout returned after it landed', () => {
  it('undoes the disbursal in the ledger and puts the order back to being paid out, for an operator', async () => {
    const session = await openSession(t.app, '+919872000001');
    const { orderNo, order } = await approvedOrder(t.app, '+919872000001', 'rupee-easy-91');
    expect((await operatorStep(t.app, OperatorPath.orderDisburse, orderNo)).status).toBe(LoanStatus.Disbursed);

    expect((await sandboxPayout(t.app, orderNo, 'reverse', 'account-closed')).data).toMatchObject({ status: 'reversed', reason: 'account-closed' });
    const back = await orderOf(t.app, session, orderNo);
    expect(back).toMatchObject({ status: LoanStatus.Disbursing, disbursedAt: null, dueDate: null });
    const ledger = await callOperatorApi<LedgerView>(t.app, 'GET', OperatorPath.orderLedger.replace(':orderNo', orderNo));
    expect(ledger.data.entries.map((entry) => entry.kind)).toEqual(['disbursal', 'disbursal-reversal']);
    expect(ledger.data.accounts.every((account) => account.balanceMinor === 0)).toBe(true);
    expect((await payoutList(t.app, 'attention')).map((p) => p.orderNo)).toContain(orderNo);
    expect(order.disbursalMinor).toBeGreaterThan(0);
    expect(await sandboxPayout(t.app, orderNo, 'reverse')).toMatchObject({ code: ErrorCode.PayoutNotInFlight });
  });
});
