import {
  BorrowerPaymentPlanPath,
  BorrowerPlanPath,
  CollectionsWorkPath,
  ErrorCode,
  LoanStatus,
  LossesPath,
  MACHINE_BASE,
  PLAN_BREAK_DAYS,
  type BorrowerPaymentPlan,
  type CollectionOrder,
} from '@lend/contracts';
import { Account, addDays, formatDate } from '@lend/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, delinquencyMoves, ledgerEntries, loanInstallments, loanOrders, paymentPlans, products } from '../src/db/schema';
import { accountBalances } from '../src/modules/ledger';
import { sweepOrders } from '../src/modules/order-clock';
import { extensionOffer, lockOrderForMoney } from '../src/modules/orders';
import { checkLedger } from '../src/modules/payments';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';
import { signedInDesks, signIn, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'correct horse battery staple';
let t: TestApp;
let clock: Clock;
let agent: StaffSession;
let officer: StaffSession;
let admin: StaffSession;
beforeAll(async () => {
  clock = testClock(new Date());
  t = await createTestApp({ seed: true, now: clock.now });
  ({ agent, officer, admin } = await signedInDesks(t, clock));
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const orderOf = async (id: number) => (await db().select().from(loanOrders).where(eq(loanOrders.id, id)))[0];
const installmentsOf = (id: number) => db().select().from(loanInstallments).where(eq(loanInstallments.orderId, id)).orderBy(asc(loanInstallments.seq));
const planRows = (id: number) => db().select().from(paymentPlans).where(eq(paymentPlans.orderId, id)).orderBy(asc(paymentPlans.id));
const file = async (orderNo: string) => (await staffCall<CollectionOrder>(t, agent, 'GET', CollectionsWorkPath.order.replace(':orderNo', orderNo))).data;
const offer = (who: StaffSession, orderNo: string, body: { count: number; every: 'week' | 'fortnight'; firstDueDate: string }) =>
  staffCall<CollectionOrder>(t, who, 'POST', LossesPath.paymentPlans.replace(':orderNo', orderNo), { ...body, note: 'Asked for weekly payments' });
const withdraw = (who: StaffSession, orderNo: string, planId: number) => staffCall<CollectionOrder>(t, who, 'POST', LossesPath.paymentPlanWithdraw.replace(':orderNo', orderNo).replace(':planId', String(planId)));
const borrowerCall = async <T = BorrowerPaymentPlan>(who: BorrowerSession, path: string, payload: object, language = '1') => {
  const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${path}?${sessionQuery(who)}&language=${language}`, payload, headers: { 'user-agent': 'PlanTest/1.0' } });
  return response.json<{ code: number; data: T }>();
};
const accept = async (who: BorrowerSession, orderNo: string, language = '1') => {
  const shown = await borrowerCall(who, BorrowerPaymentPlanPath.plan, { orderId: orderNo }, language);
  return borrowerCall(who, BorrowerPaymentPlanPath.planAccept, { orderId: orderNo, textSha256: shown.data.plan?.textSha256 ?? '' }, language);
};
const ledgerClean = async () => expect((await checkLedger(db())).mismatches).toEqual([]);
const sweep = () => sweepOrders(db(), clock.now());

/** A borrower with a loan `daysLate` past due in `market`, swept by the clock. */
async function lateLoan(phone: string, market: 'MX' | 'IN', daysLate: number) {
  const borrower = await openSession(t.app, phone, market);
  const due = addDays(formatDate(clock.now(), market), -daysLate);
  const [id = 0] = await createRepayingOrders(db(), Number(borrower.userId), market === 'MX' ? 'peso-flex-91' : 'rupee-easy-91', 1, due);
  await sweep();
  const orderNo = (await orderOf(id))?.orderNo ?? '';
  return { borrower, id, orderNo, today: formatDate(clock.now(), market) };
}

describe('payment plans: a late loan re-scheduled (docs/decisions/250)', () => {
  it('offers within the limits, is accepted with its evidence, swaps the schedule and waives the late charges in the books, and is kept by the payments that repay it', async () => {
    const { borrower, id, orderNo, today } = await lateLoan('5577830001', 'MX', 20);
    const before = await orderOf(id);
    const lateCharges = (before?.penaltyMinor ?? 0) - (before?.penaltyPaidMinor ?? 0);
    expect(lateCharges).toBeGreaterThan(0);
    const owed = (await file(orderNo)).item.owedMinor;
    expect((await borrowerCall(borrower, BorrowerPlanPath.planRequest, { orderId: orderNo, amountMinor: 50_000, frequency: 'week', reason: 'job-loss' })).code).toBe(0);

    // Refusals: an agent; one installment or more than the product allows; a first day today or beyond 14 days.
    const terms = { count: 3, every: 'week' as const, firstDueDate: addDays(today, 7) };
    expect((await offer(agent, orderNo, terms)).code).toBe(ErrorCode.StaffRoleRefused);
    expect((await offer(officer, orderNo, { ...terms, count: 1 })).code).toBe(ErrorCode.PlanTermsOutOfRange);
    expect((await offer(officer, orderNo, { ...terms, count: 13 })).code).toBe(ErrorCode.PlanTermsOutOfRange);
    expect((await offer(officer, orderNo, { ...terms, firstDueDate: today })).code).toBe(ErrorCode.PlanTermsOutOfRange);
    expect((await offer(officer, orderNo, { ...terms, firstDueDate: addDays(today, 15) })).code).toBe(ErrorCode.PlanTermsOutOfRange);

    // Offered: the schedule splits what is owed less the late charges (waived by default); the request is answered; one open per order; withdrawn.
    const first = await offer(officer, orderNo, terms);
    expect(first.data.paymentPlan).toMatchObject({ state: 'offered', count: 3, every: 'week', lateCharges: 'waive', totalMinor: owed - lateCharges, waivedLateChargesMinor: lateCharges, offeredBy: 'officer@lender.example' });
    expect(first.data.paymentPlan?.installments.map((i) => i.dueDate)).toEqual([terms.firstDueDate, addDays(terms.firstDueDate, 7), addDays(terms.firstDueDate, 14)]);
    expect(first.data.planLimits).toMatchObject({ maxPerLoan: 2, minDaysPastDue: 8, maxInstallments: 12, accepted: 0 });
    expect(first.data.planRequests[0]?.state).toBe('answered');
    expect((await offer(officer, orderNo, terms)).code).toBe(ErrorCode.PlanOpenAlready);
    // One arrangement at a time: no settlement while a plan is offered.
    const settlement = await staffCall(t, officer, 'POST', LossesPath.settlements.replace(':orderNo', orderNo), { amountMinor: 1_000_00, expiresOn: addDays(today, 5), note: '' });
    expect(settlement.code).toBe(ErrorCode.PlanOpenAlready);
    expect((await withdraw(officer, orderNo, first.data.paymentPlan?.id ?? 0)).data.paymentPlan).toMatchObject({ state: 'withdrawn', closedBy: 'officer@lender.example' });
    expect((await borrowerCall(borrower, BorrowerPaymentPlanPath.plan, { orderId: orderNo })).data.plan).toBeNull();
    const planId = (await offer(officer, orderNo, terms)).data.paymentPlan?.id ?? 0;

    // Another borrower's order is not found; a text other than the plan's is refused.
    const stranger = await openSession(t.app, '5577830002', 'MX');
    expect((await borrowerCall(stranger, BorrowerPaymentPlanPath.plan, { orderId: orderNo })).code).toBe(ErrorCode.NotFound);
    expect((await borrowerCall(stranger, BorrowerPaymentPlanPath.planAccept, { orderId: orderNo, textSha256: '0'.repeat(64) })).code).toBe(ErrorCode.NotFound);
    expect((await borrowerCall(borrower, BorrowerPaymentPlanPath.planAccept, { orderId: orderNo, textSha256: 'a'.repeat(64) })).code).toBe(ErrorCode.PlanTextChanged);

    // In Spanish, with Mexico's CAT box; accepted once (a second acceptance is refused), its evidence kept.
    const shown = await borrowerCall(borrower, BorrowerPaymentPlanPath.plan, { orderId: orderNo }, '2');
    expect(shown.data.plan).toMatchObject({ state: 'offered', currency: 'MXN', totalMinor: owed - lateCharges, waivedLateChargesMinor: lateCharges });
    expect(shown.data.plan?.lines.join(' ')).toContain('Su préstamo');
    expect(shown.data.plan?.lines.join(' ')).toContain('sin IVA, para fines informativos y de comparación');
    expect(shown.data.plan?.costBox).toMatchObject({ kind: 'CAT', rows: expect.arrayContaining([{ label: 'CAT', value: '0.0%' }]) });
    const [accepted, again] = await Promise.all([accept(borrower, orderNo, '2'), accept(borrower, orderNo, '2')]);
    expect([accepted.code, again.code].sort()).toEqual([0, ErrorCode.PlanNotOpen].sort());
    const row = (await planRows(id)).at(-1);
    expect(row).toMatchObject({ id: planId, state: 'accepted', acceptLanguage: 'es', acceptTextSha256: shown.data.plan?.textSha256, acceptUserAgent: 'PlanTest/1.0', totalMinor: owed - lateCharges });
    expect(row?.acceptClientIp).toBeTruthy();
    expect((await withdraw(officer, orderNo, planId)).code).toBe(ErrorCode.PlanNotOpen);

    // The schedule swapped: old installments closed (owed nothing, restructured), the plan's written after them; the order back on schedule, re-aged, late charges waived in the books.
    const order = await orderOf(id);
    expect(order).toMatchObject({ statusCode: LoanStatus.Disbursed, dueDate: terms.firstDueDate, penaltyMinor: order?.penaltyPaidMinor });
    const rows = await installmentsOf(id);
    const planned = rows.filter((i) => i.seq >= (row?.firstSeq ?? 0));
    expect(planned.map((i) => [i.dueDate, i.amountMinor])).toEqual(shown.data.plan?.installments.map((i) => [i.dueDate, i.amountMinor]));
    expect(rows.filter((i) => i.seq < (row?.firstSeq ?? 0)).every((i) => i.restructuredAt !== null && i.amountMinor === i.paidMinor)).toBe(true);
    const moves = await db().select().from(delinquencyMoves).where(eq(delinquencyMoves.orderId, id));
    expect(moves.at(-1)).toMatchObject({ reason: 'restructured', toBucket: null, daysPastDue: 0 });
    expect((await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, id), eq(ledgerEntries.kind, 'plan-waiver')))).length).toBe(1);
    expect((await accountBalances(db(), [id])).get(id)?.get(Account.LateChargesReceivable) ?? 0).toBe(0);
    await ledgerClean();
    const audits = (await db().select().from(auditLog).where(eq(auditLog.objectId, orderNo))).map((entry) => entry.action);
    expect(audits).toEqual(expect.arrayContaining(['payment-plan.offer', 'payment-plan.withdraw']));
    // No extension on a planned order.
    const locked = await db().transaction((tx) => lockOrderForMoney(tx, id));
    expect(locked && extensionOffer(locked.order, locked.product, locked.installments, today)).toMatchObject({ allowed: false, reason: 'restructured' });

    // Payments run through the plan: the first installment paid, the file shows it; the rest repays the loan and keeps the plan.
    const [one, two, three] = shown.data.plan?.installments ?? [];
    expect((await recordTransfer(t.app, orderNo, one?.amountMinor ?? 0, 'SPEI plan 1')).code).toBe(0);
    expect((await orderOf(id))?.dueDate).toBe(two?.dueDate);
    expect((await file(orderNo)).paymentPlan).toMatchObject({ state: 'accepted', paidMinor: one?.amountMinor });
    await ledgerClean();
    expect((await recordTransfer(t.app, orderNo, (two?.amountMinor ?? 0) + (three?.amountMinor ?? 0), 'SPEI plan 2')).code).toBe(0);
    expect((await orderOf(id))?.statusCode).toBe(LoanStatus.Settled);
    expect((await planRows(id)).at(-1)?.state).toBe('kept');
    await ledgerClean();
    const download = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}/v3/privacy/my-data?${sessionQuery(borrower)}` });
    expect(download.json<{ data: { collections: { paymentPlans: unknown[] } } }>().data.collections.paymentPlans).toMatchObject([{ state: 'kept' }, { state: 'withdrawn' }]);
  });

  it('discloses an Indian plan with its revised Key Facts Statement', async () => {
    const { borrower, orderNo, today } = await lateLoan('9877830001', 'IN', 20);
    expect((await offer(officer, orderNo, { count: 4, every: 'week', firstDueDate: addDays(today, 2) })).code).toBe(0);
    const shown = await borrowerCall(borrower, BorrowerPaymentPlanPath.plan, { orderId: orderNo });
    expect(shown.data.plan).toMatchObject({ currency: 'INR', costBox: { kind: 'KFS', title: 'Revised Key Facts Statement', rows: expect.arrayContaining([{ label: 'APR', value: '0.0%' }]) } });
    expect(shown.data.plan?.installments).toHaveLength(4);
  });

  it('freezes the late charges when the product says so, accrues none while the plan is in force, and breaks it through the clock once an installment is left unpaid', async () => {
    const [product] = await db().select().from(products).where(eq(products.code, 'peso-flex-91'));
    const policy = { writeOffDays: 180, settlementSoloWaiverPercent: 20, planMaxPerLoan: 1, planMinDaysPastDue: 10, planMaxInstallments: 6, planLateCharges: 'freeze' };
    expect((await staffCall(t, admin, 'PUT', LossesPath.productCollectionsPolicy.replace(':productId', String(product?.id)), { collectionsPolicy: policy })).code).toBe(0);

    const early = await lateLoan('5577830011', 'MX', 5);
    expect((await offer(officer, early.orderNo, { count: 2, every: 'fortnight', firstDueDate: addDays(early.today, 3) })).code).toBe(ErrorCode.PlanNotAllowed);

    const { borrower, id, orderNo, today } = await lateLoan('5577830012', 'MX', 11);
    const owed = (await file(orderNo)).item.owedMinor;
    expect((await offer(officer, orderNo, { count: 7, every: 'fortnight', firstDueDate: addDays(today, 3) })).code).toBe(ErrorCode.PlanTermsOutOfRange);
    const offered = await offer(officer, orderNo, { count: 2, every: 'fortnight', firstDueDate: addDays(today, 3) });
    expect(offered.data.paymentPlan).toMatchObject({ lateCharges: 'freeze', totalMinor: owed, waivedLateChargesMinor: 0 });
    expect(offered.data.paymentPlan?.frozenLateChargesMinor).toBeGreaterThan(0);
    expect((await accept(borrower, orderNo)).data.plan?.state).toBe('accepted');
    const penalty = (await orderOf(id))?.penaltyMinor;
    expect((await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, id), eq(ledgerEntries.kind, 'plan-waiver')))).length).toBe(0);
    await ledgerClean();

    // The first installment's day passes unpaid: the order is late again, with no new late charges while the plan holds.
    clock.advance(5 * DAY);
    await sweep();
    expect(await orderOf(id)).toMatchObject({ statusCode: LoanStatus.Overdue, penaltyMinor: penalty });
    expect((await planRows(id))[0]?.state).toBe('accepted');

    // Left unpaid PLAN_BREAK_DAYS after its day: the clock breaks the plan, the order stays late and late charges resume.
    clock.advance((PLAN_BREAK_DAYS - 1) * DAY);
    await sweep();
    expect((await planRows(id))[0]).toMatchObject({ state: 'broken' });
    expect((await orderOf(id))?.statusCode).toBe(LoanStatus.Overdue);
    clock.advance(DAY);
    await sweep();
    expect((await orderOf(id))?.penaltyMinor).toBeGreaterThan(penalty ?? 0);
    // Three weeks on, the staff sign in again.
    agent = await signIn(t, clock, 'agent@lender.example', PASSWORD, agent.secret, agent.device);
    officer = await signIn(t, clock, 'officer@lender.example', PASSWORD, officer.secret, officer.device);
    const after = await file(orderNo);
    expect(after.paymentPlan?.state).toBe('broken');
    expect(after.item.daysPastDue).toBeGreaterThanOrEqual(PLAN_BREAK_DAYS);
    // The product allows one plan per loan: none more.
    expect((await offer(officer, orderNo, { count: 2, every: 'week', firstDueDate: addDays(formatDate(clock.now(), 'MX'), 3) })).code).toBe(ErrorCode.PlanLimitReached);
    await ledgerClean();
  });
});
