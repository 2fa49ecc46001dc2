import { BorrowerCollectionsPath, ErrorCode, LoanStatus, LossesPath, MACHINE_BASE, type BorrowerSettlement, type CollectionOrder, CollectionsWorkPath } from '@lend/contracts';
import { Account, addDays, formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanInstallments, loanOrders, settlements, writeOffs } from '../src/db/schema';
import { accountBalances } from '../src/modules/ledger';
import { sweepOrders } from '../src/modules/order-clock';
import { checkLedger } from '../src/modules/payments';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';
import { signedInDesks, signedInStaff, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let clock: Clock;
let agent: StaffSession;
let officer: StaffSession;
let secondOfficer: StaffSession;
beforeAll(async () => {
  clock = testClock(new Date());
  t = await createTestApp({ seed: true, now: clock.now });
  const desks = await signedInDesks(t, clock);
  ({ agent, officer } = desks);
  secondOfficer = await signedInStaff(t, clock, desks.admin, 'second.officer@lender.example', 'credit-officer');
});
afterAll(async () => t?.close());

const orderOf = async (id: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, id)))[0];
const settlementsOf = (id: number) => t.database.db.select().from(settlements).where(eq(settlements.orderId, id)).orderBy(settlements.id);
const file = async (orderNo: string) => {
  const answer = await staffCall<CollectionOrder>(t, agent, "GET", CollectionsWorkPath.order.replace(":orderNo", orderNo));
  if (answer.code !== 0) throw new Error(`${answer.code} ${answer.message}`);
  return answer.data;
};
const offer = (who: StaffSession, orderNo: string, amountMinor: number, expiresOn: string) =>
  staffCall<CollectionOrder>(t, who, 'POST', LossesPath.settlements.replace(':orderNo', orderNo), { amountMinor, expiresOn, note: 'Hardship: lost job' });
const act = (who: StaffSession, path: string, orderNo: string, id: number) => staffCall<CollectionOrder>(t, who, 'POST', path.replace(':orderNo', orderNo).replace(':settlementId', String(id)));
const borrowerCall = async (who: BorrowerSession, path: string, payload: object, language = '1') => {
  const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${path}?${sessionQuery(who)}&language=${language}`, payload, headers: { 'user-agent': 'SettlementTest/1.0' } });
  return response.json<{ code: number; data: BorrowerSettlement }>();
};
const ledgerClean = async () => expect((await checkLedger(t.database.db)).mismatches).toEqual([]);

/** A borrower with a loan `daysLate` past due in `market`, swept by the clock: its id, number and what it owes. */
async function lateLoan(phone: string, market: 'MX' | 'IN', daysLate: number) {
  const borrower = await openSession(t.app, phone, market);
  const due = addDays(formatDate(clock.now(), market), -daysLate);
  const [id = 0] = await createRepayingOrders(t.database.db, Number(borrower.userId), market === 'MX' ? 'peso-flex-91' : 'rupee-easy-91', 1, due);
  await sweepOrders(t.database.db, clock.now());
  const orderNo = (await orderOf(id))?.orderNo ?? '';
  return { borrower, id, orderNo, owedMinor: (await file(orderNo)).item.owedMinor, today: formatDate(clock.now(), market) };
}

/** The borrower reads the offer and accepts the text they were shown. */
async function accept(borrower: BorrowerSession, orderNo: string, language = '1') {
  const shown = await borrowerCall(borrower, BorrowerCollectionsPath.settlement, { orderId: orderNo }, language);
  return borrowerCall(borrower, BorrowerCollectionsPath.settlementAccept, { orderId: orderNo, textSha256: shown.data.offer?.textSha256 ?? '' }, language);
}

describe('settlements: a late loan closed for less than owed (docs/decisions/245)', () => {
  it('offers within the solo limit at once, waits for a second person above it, is accepted with its evidence and closes the loan as settled on the payment that reaches it', async () => {
    const { borrower, id, orderNo, owedMinor, today } = await lateLoan('5577820001', 'MX', 20);
    const solo = owedMinor - Math.floor(owedMinor / 10);
    // Refusals: an agent; nothing or all of it; a day beyond 30 days.
    expect((await offer(agent, orderNo, solo, today)).code).toBe(ErrorCode.StaffRoleRefused);
    expect((await offer(officer, orderNo, owedMinor, today)).code).toBe(ErrorCode.SettlementAmountOutOfRange);
    expect((await offer(officer, orderNo, solo, addDays(today, 31))).code).toBe(ErrorCode.SettlementExpiryOutOfRange);

    // Waiving 10 % (the product allows 20 % on one word): offered at once, one open per order; withdrawn.
    const offered = await offer(officer, orderNo, solo, addDays(today, 10));
    expect(offered.data.settlement).toMatchObject({ state: 'offered', amountMinor: solo, owedMinor, offeredBy: 'officer@lender.example', soloLimitPercent: 20 });
    expect((await offer(secondOfficer, orderNo, solo, today)).code).toBe(ErrorCode.SettlementOpenAlready);
    const withdrawn = await act(secondOfficer, LossesPath.settlementWithdraw, orderNo, offered.data.settlement?.id ?? 0);
    expect(withdrawn.data.settlement).toMatchObject({ state: 'withdrawn', closedBy: 'second.officer@lender.example' });
    expect((await borrowerCall(borrower, BorrowerCollectionsPath.settlement, { orderId: orderNo })).data.offer).toBeNull();

    // Waiving half: awaiting a second person; the officer who offered it cannot approve it, an agent neither; another officer can.
    const amount = Math.ceil(owedMinor / 2);
    const large = await offer(officer, orderNo, amount, addDays(today, 10));
    const largeId = large.data.settlement?.id ?? 0;
    expect(large.data.settlement).toMatchObject({ state: 'awaiting-approval', waiverMinor: owedMinor - amount });
    expect((await borrowerCall(borrower, BorrowerCollectionsPath.settlement, { orderId: orderNo })).data.offer).toBeNull();
    expect((await act(officer, LossesPath.settlementApprove, orderNo, largeId)).code).toBe(ErrorCode.SettlementSamePerson);
    expect((await act(agent, LossesPath.settlementApprove, orderNo, largeId)).code).toBe(ErrorCode.StaffRoleRefused);
    const approved = await act(secondOfficer, LossesPath.settlementApprove, orderNo, largeId);
    expect(approved.data.settlement).toMatchObject({ state: 'offered', decidedBy: 'second.officer@lender.example' });
    const audits = (await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, orderNo))).map((row) => row.action);
    expect(audits).toEqual(expect.arrayContaining(['settlement.offer', 'settlement.withdraw', 'settlement.approve']));

    // Another borrower cannot read or accept it; a text other than the offer's is refused.
    const stranger = await openSession(t.app, '5577820002', 'MX');
    expect((await borrowerCall(stranger, BorrowerCollectionsPath.settlement, { orderId: orderNo })).code).toBe(ErrorCode.NotFound);
    expect((await borrowerCall(stranger, BorrowerCollectionsPath.settlementAccept, { orderId: orderNo, textSha256: '0'.repeat(64) })).code).toBe(ErrorCode.NotFound);
    expect((await borrowerCall(borrower, BorrowerCollectionsPath.settlementAccept, { orderId: orderNo, textSha256: 'a'.repeat(64) })).code).toBe(ErrorCode.SettlementTextChanged);

    // The borrower reads it in Spanish and accepts: the text, its hash, the time, address and browser are kept.
    const shown = await borrowerCall(borrower, BorrowerCollectionsPath.settlement, { orderId: orderNo }, '2');
    expect(shown.data.offer).toMatchObject({ state: 'offered', currency: 'MXN', toPayMinor: amount, waivedMinor: owedMinor - amount, expiresOn: addDays(today, 10) });
    expect(shown.data.offer?.lines.join(' ')).toContain('liquidado mediante convenio');
    const accepted = await accept(borrower, orderNo, '2');
    expect(accepted.data.offer).toMatchObject({ state: 'accepted' });
    const [, row] = await settlementsOf(id);
    expect(row).toMatchObject({ state: 'accepted', acceptLanguage: 'es', acceptTextSha256: shown.data.offer?.textSha256, acceptUserAgent: 'SettlementTest/1.0', acceptText: JSON.stringify(shown.data.offer?.lines) });
    expect(row?.acceptClientIp).toBeTruthy();
    expect((await act(secondOfficer, LossesPath.settlementWithdraw, orderNo, largeId)).code).toBe(ErrorCode.SettlementNotOpen);

    // Paid in two parts: the first counts, the loan stays late; the second reaches the amount and closes it as settled.
    expect((await recordTransfer(t.app, orderNo, amount - 100_00, 'SPEI 1')).code).toBe(0);
    expect((await orderOf(id))?.statusCode).toBe(LoanStatus.Overdue);
    expect((await settlementsOf(id))[1]).toMatchObject({ state: 'accepted', paidMinor: amount - 100_00 });
    await ledgerClean();
    expect((await recordTransfer(t.app, orderNo, 100_00, 'SPEI 2')).code).toBe(0);
    const order = await orderOf(id);
    expect(order?.statusCode).toBe(LoanStatus.Settled);
    expect(order?.settledAt).not.toBeNull();
    const settled = (await settlementsOf(id))[1];
    expect(settled).toMatchObject({ state: 'settled', paidMinor: amount });
    expect(settled?.settledAt).not.toBeNull();
    const waived = (settled?.waivedPrincipalMinor ?? 0) + (settled?.waivedInterestMinor ?? 0) + (settled?.waivedTaxMinor ?? 0) + (settled?.waivedLateChargesMinor ?? 0);
    expect(waived).toBe(owedMinor - amount);
    const installments = await t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, id));
    expect(installments.every((i) => i.paidAt !== null)).toBe(true);
    // The waiver is booked as a loss: principal to credit losses, receivables emptied.
    const accounts = (await accountBalances(t.database.db, [id])).get(id);
    expect(accounts?.get(Account.CreditLosses)).toBe(settled?.waivedPrincipalMinor);
    expect([Account.PrincipalReceivable, Account.InterestReceivable, Account.TaxReceivable, Account.LateChargesReceivable].map((a) => accounts?.get(a) ?? 0)).toEqual([0, 0, 0, 0]);
    await ledgerClean();
  });

  it('closes a written-off loan the same way: the waiver needs no postings and the write-off counts it', async () => {
    const { borrower, id, orderNo, owedMinor, today } = await lateLoan('9877820001', 'IN', 25);
    expect((await staffCall(t, officer, 'POST', LossesPath.writeOff.replace(':orderNo', orderNo), { note: 'Insolvency' })).code).toBe(0);
    const amount = owedMinor - Math.floor(owedMinor / 20);
    expect((await offer(officer, orderNo, amount, addDays(today, 5))).data.settlement?.state).toBe('offered');
    expect((await accept(borrower, orderNo)).data.offer?.state).toBe('accepted');
    expect((await recordTransfer(t.app, orderNo, amount, 'IMPS 1')).code).toBe(0);
    expect((await orderOf(id))?.statusCode).toBe(LoanStatus.Settled);
    const writeOff = (await t.database.db.select().from(writeOffs).where(eq(writeOffs.orderId, id)))[0];
    expect(writeOff).toMatchObject({ recoveredMinor: amount, waivedMinor: owedMinor - amount });
    expect((await settlementsOf(id))[0]?.state).toBe('settled');
    await ledgerClean();
  });

  it('lets an accepted offer lapse after its day: money then pays the debt as any other, and nothing is waived', async () => {
    // A part of the debt: a payment of the whole amount might pay the loan off by the early-repayment rule, settlement or not.
    const { borrower, id, orderNo, owedMinor, today } = await lateLoan('5577820003', 'MX', 15);
    const amount = owedMinor - Math.floor(owedMinor / 10);
    expect((await offer(officer, orderNo, amount, today)).data.settlement?.state).toBe('offered');
    expect((await accept(borrower, orderNo)).data.offer?.state).toBe('accepted');
    // Its day passes (the manual payment is applied at the real time, so the day is moved rather than the clock).
    await t.database.db.update(settlements).set({ expiresOn: addDays(today, -1) }).where(eq(settlements.orderId, id));
    expect((await borrowerCall(borrower, BorrowerCollectionsPath.settlement, { orderId: orderNo })).data.offer).toBeNull();
    expect((await recordTransfer(t.app, orderNo, 100_00, 'SPEI 3')).code).toBe(0);
    expect((await orderOf(id))?.statusCode).toBe(LoanStatus.Overdue);
    expect((await settlementsOf(id))[0]).toMatchObject({ state: 'lapsed', paidMinor: 0 });
    await ledgerClean();
  });
});
