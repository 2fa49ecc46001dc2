import { LoanStatus, OperatorPath, ProfilePath, type LedgerView } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loanOrders, payouts } from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi, operatorStep, productByCode, pushOffer } from './loan-helpers';
import { recordTransfer } from './operator-payment-helpers';
import { approvedOrder, orderOf, payoutList, payoutsOf, sandboxPayout } from './payout-helpers';
import { PRIYA, profileCalls } from './profile-helpers';

/**
 * The edges of a payout's life (docs/decisions/152, 155): the borrower's first account sends the
 * payout that waited for it, an order approved before payouts existed gets its payout from
 * `order disburse`, and a payout returned after a payment is left for an operator, books untouched.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());
const { call } = profileCalls(() => t);

describe('payouts at the edges', () => {
  it('sends the payout that waited for an account as soon as the borrower saves one', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '+919874000001', 'rupee-easy-91', { payoutAccount: false });
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'held', reason: 'no-account' });
    const who = { ...session, market: 'IN' as const, language: '1' as const };
    expect((await call(who, ProfilePath.identity, PRIYA)).body.code).toBe(0);
    expect((await call(who, ProfilePath.payoutBind, { holderName: 'PRIYA SHARMA', ifsc: 'SBIN0001234', accountNumber: '50100123456789' })).body.code).toBe(0);
    expect(await payoutsOf(t.app, orderNo)).toMatchObject([{ status: 'queued', reason: null, accountLast4: '6789' }]);
    expect((await operatorStep(t.app, OperatorPath.orderDisburse, orderNo)).status).toBe(LoanStatus.Disbursed);
  });

  it('pays out an order approved before payouts existed when the operator disburses it', async () => {
    const session = await openSession(t.app, '5574000001');
    const orderNo = await pushOffer(t.app, session, (await productByCode(t.app, 'peso-plus-120')).id);
    // Approved as orders were before payouts existed: the status alone.
    await t.database.db.update(loanOrders).set({ statusCode: LoanStatus.Disbursing, approvedAt: new Date() }).where(eq(loanOrders.orderNo, orderNo));
    expect(await payoutsOf(t.app, orderNo)).toEqual([]);
    expect((await operatorStep(t.app, OperatorPath.orderDisburse, orderNo)).status).toBe(LoanStatus.Disbursed);
    expect(await payoutsOf(t.app, orderNo)).toMatchObject([{ status: 'paid' }]);
  });

  it('leaves a payout returned after the borrower paid something for an operator, the order and its books untouched', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5574000002', 'peso-plus-120');
    await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    expect((await recordTransfer(t.app, orderNo, 100_00, 'SPEI 1234')).code).toBe(0);
    const before = await callOperatorApi<LedgerView>(t.app, 'GET', OperatorPath.orderLedger.replace(':orderNo', orderNo));

    expect((await sandboxPayout(t.app, orderNo, 'reverse', 'bank-rejected')).data).toMatchObject({ status: 'reversed', reason: 'reversed-after-payment' });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
    const after = await callOperatorApi<LedgerView>(t.app, 'GET', OperatorPath.orderLedger.replace(':orderNo', orderNo));
    expect(after.data.entries).toHaveLength(before.data.entries.length);
    expect((await payoutList(t.app, 'attention')).find((p) => p.orderNo === orderNo)).toMatchObject({ reason: 'reversed-after-payment' });
  });

  it('fails the ledger check for a payout marked paid without its disbursal entry', async () => {
    const { orderNo } = await approvedOrder(t.app, '5574000003', 'peso-flex-91');
    const [order] = await t.database.db.select({ id: loanOrders.id }).from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    const marked = { status: 'paid', paidAt: new Date(), transferRef: 'SBX-NOT-BOOKED' };
    await t.database.db.update(payouts).set(marked).where(eq(payouts.orderId, order?.id ?? 0));
    expect((await checkLedger(t.database.db)).mismatches).toContainEqual({ kind: 'payout', orderNo, entry: 'disbursal', expected: 1, booked: 0 });
    await t.database.db.delete(payouts).where(eq(payouts.orderId, order?.id ?? 0));
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});
