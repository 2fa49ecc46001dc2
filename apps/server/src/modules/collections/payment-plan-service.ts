import { createHash } from 'node:crypto';
import {
  ErrorCode,
  LoanStatus,
  PLAN_BREAK_DAYS,
  PLAN_FIRST_DUE_MAX_DAYS,
  planPolicyOf,
  type BorrowerPaymentPlan,
  type BorrowerPaymentPlanAccept,
  type Language,
  type PaymentPlanRequest,
  type PaymentPlanView,
  type PlanLimits,
} from '@lend/contracts';
import {
  addDays,
  balanceDaysPastDue,
  clockDay,
  formatDate,
  installmentRemaining,
  lossPostings,
  MARKET_SETTINGS,
  outstanding,
  planAnnualCost,
  planSchedule,
  type IsoDate,
  type Market,
  type OrderBalance,
  type PlanEvery,
  type PlanLateCharges,
  type PlanSchedule,
} from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { insertEntry } from '../ledger';
import { balanceOf, borrowerOrder, lockOrderForMoney, orderByNumber, orderInstallments, restructureOrder, type OrderRow } from '../orders';
import { collectionsPolicyOf, productById, productMarket } from '../products';
import { recordAudit, type Actor } from '../staff';
import { staffOf } from './settlement-service';
import { insertMoves, lockDelinquencyOf, upsertDelinquency } from './delinquency-repository';
import { planCostBox, planLines } from './payment-plan-presenter';
import {
  acceptedPlanCount,
  answerPlanRequests,
  breakPaymentPlans,
  changePaymentPlan,
  insertPaymentPlan,
  lapsePaymentPlans,
  latestPaymentPlan,
  OPEN_PAYMENT_PLAN_KEY,
  openPaymentPlan,
  paymentPlansOfBorrower,
  plansInForceOf,
  type PaymentPlanRow,
} from './payment-plan-repository';
import { openSettlement } from './settlement-repository';
import { writeOffRow } from './write-off-repository';

const marketOf = (row: { market: string }): Market => (row.market === 'IN' ? 'IN' : 'MX');
const everyOf = (row: PaymentPlanRow): PlanEvery => (row.every === 'fortnight' ? 'fortnight' : 'week');
const lateChargesOf = (row: PaymentPlanRow): PlanLateCharges => (row.lateCharges === 'freeze' ? 'freeze' : 'waive');

/** The order locked for money, its market's day, and its offered plans past their first day lapsed first. */
async function lockedOrder(tx: Tx, orderId: number, now: Date) {
  const locked = await lockOrderForMoney(tx, orderId);
  if (!locked) throw new AppError(ErrorCode.NotFound);
  const market = productMarket(locked.product);
  const today = formatDate(now, market);
  await lapsePaymentPlans(tx, orderId, today, now);
  return { ...locked, market, today };
}

/** The plan an offered row makes of what the order owes now; null when it owes nothing to split. */
function scheduleNow(row: PaymentPlanRow, balance: OrderBalance): PlanSchedule | null {
  if (outstanding(balance) < row.installmentCount) return null;
  return planSchedule(balance, { count: row.installmentCount, every: everyOf(row), firstDueDate: row.firstDueDate, lateCharges: lateChargesOf(row) });
}

/**
 * A credit officer offers a payment plan on a late order (docs/decisions/250): paid out, overdue
 * by at least the product's days, on the books and owing; fewer plans accepted than the product
 * allows; no open plan or settlement; 2 to the product's most installments, weekly or fortnightly,
 * the first from tomorrow to 14 days ahead. The borrower's open request for a plan is answered by
 * it. Audited, under the order's money lock.
 */
export async function offerPaymentPlan(db: Db, orderNo: string, input: Required<PaymentPlanRequest>, actor: Actor, now: Date): Promise<void> {
  const staff = staffOf(actor);
  const found = await orderByNumber(db, orderNo);
  if (!found) throw new AppError(ErrorCode.NotFound);
  try {
    await db.transaction(async (tx) => {
      const { order, product, installments, market, today } = await lockedOrder(tx, found.id, now);
      const policy = planPolicyOf(collectionsPolicyOf(product));
      const balance = balanceOf(order, installments);
      const late = order.statusCode === LoanStatus.Overdue && balanceDaysPastDue(balance, clockDay(order, today)) >= policy.planMinDaysPastDue;
      if (!late || outstanding(balance) <= 0 || (await writeOffRow(tx, order.id))) throw new AppError(ErrorCode.PlanNotAllowed, String(policy.planMinDaysPastDue));
      if ((await acceptedPlanCount(tx, order.id)) >= policy.planMaxPerLoan) throw new AppError(ErrorCode.PlanLimitReached, String(policy.planMaxPerLoan));
      if ((await openPaymentPlan(tx, order.id)) || (await openSettlement(tx, order.id))) throw new AppError(ErrorCode.PlanOpenAlready);
      const countOk = Number.isSafeInteger(input.count) && input.count >= 2 && input.count <= policy.planMaxInstallments && input.count <= outstanding(balance);
      if (!countOk || input.firstDueDate <= today || input.firstDueDate > addDays(today, PLAN_FIRST_DUE_MAX_DAYS)) {
        throw new AppError(ErrorCode.PlanTermsOutOfRange, String(policy.planMaxInstallments));
      }
      const row = await insertPaymentPlan(tx, {
        orderId: order.id,
        borrowerId: order.borrowerId,
        market,
        state: 'offered',
        installmentCount: input.count,
        every: input.every,
        firstDueDate: input.firstDueDate,
        lateCharges: policy.planLateCharges,
        note: input.note,
        offeredById: staff.id,
        offeredByEmail: staff.email,
        createdAt: now,
      });
      await answerPlanRequests(tx, order.id);
      await recordAudit(
        tx,
        actor,
        { action: 'payment-plan.offer', objectType: 'order', objectId: orderNo, before: null, after: { id: row.id, count: input.count, every: input.every, firstDueDate: input.firstDueDate, lateCharges: policy.planLateCharges, note: input.note } },
        now,
      );
    });
  } catch (error) {
    // Two offers at once: the database's one open plan per order refuses the second.
    if (violatedUniqueKey(error) === OPEN_PAYMENT_PLAN_KEY) throw new AppError(ErrorCode.PlanOpenAlready);
    throw error;
  }
}

/** An operator withdraws a plan the borrower has not accepted (an accepted one is the order's schedule); audited. */
export async function withdrawPaymentPlan(db: Db, orderNo: string, planId: number, actor: Actor, now: Date): Promise<void> {
  const staff = staffOf(actor);
  const found = await orderByNumber(db, orderNo);
  if (!found) throw new AppError(ErrorCode.NotFound);
  await db.transaction(async (tx) => {
    await lockedOrder(tx, found.id, now);
    const open = await openPaymentPlan(tx, found.id);
    if (!open || open.id !== planId || !(await changePaymentPlan(tx, open.id, ['offered'], { state: 'withdrawn', closedAt: now, closedByEmail: staff.email }))) {
      throw new AppError(ErrorCode.PlanNotOpen);
    }
    await recordAudit(tx, actor, { action: 'payment-plan.withdraw', objectType: 'order', objectId: orderNo, before: { id: open.id, state: open.state }, after: { id: open.id, state: 'withdrawn' } }, now);
  });
}

/** What the plan's installments hold now: the installments' rows from its first seq, and the frozen late charges still owed. */
function planPaid(row: PaymentPlanRow, balance: OrderBalance): number {
  if (row.firstSeq === null) return 0;
  const firstSeq = row.firstSeq;
  const left = balance.installments.filter((i) => i.seq >= firstSeq).reduce((sum, i) => sum + installmentRemaining(i), 0);
  return Math.max(row.totalMinor - left - Math.min(balance.lateChargesMinor, row.frozenLateChargesMinor), 0);
}

function planView(row: PaymentPlanRow, balance: OrderBalance, today: IsoDate): PaymentPlanView {
  // An offered plan reads as lapsed once its first day came, before anything writes it so.
  const state = row.state === 'offered' && row.firstDueDate <= today ? 'lapsed' : row.state;
  const schedule = row.schedule ? { installments: row.schedule, totalMinor: row.totalMinor, waivedLateChargesMinor: row.waivedLateChargesMinor, frozenLateChargesMinor: row.frozenLateChargesMinor } : scheduleNow(row, balance);
  return {
    id: row.id,
    state,
    count: row.installmentCount,
    every: everyOf(row),
    firstDueDate: row.firstDueDate,
    lateCharges: lateChargesOf(row),
    installments: (schedule?.installments ?? []).map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountMinor: i.amountMinor })),
    totalMinor: schedule?.totalMinor ?? 0,
    waivedLateChargesMinor: schedule?.waivedLateChargesMinor ?? 0,
    frozenLateChargesMinor: schedule?.frozenLateChargesMinor ?? 0,
    note: row.note,
    offeredBy: row.offeredByEmail,
    offeredAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    paidMinor: planPaid(row, balance),
    closedBy: row.closedByEmail,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** The order's latest plan as operators see it (null when none was offered), and its product's plan rules. */
export async function paymentPlanOf(db: Queryable, order: OrderRow, now: Date): Promise<{ paymentPlan: PaymentPlanView | null; planLimits: PlanLimits }> {
  const product = await productById(db, order.productId);
  const policy = planPolicyOf(collectionsPolicyOf(product ?? { collectionsPolicy: null }));
  const row = await latestPaymentPlan(db, order.id);
  const planLimits = { maxPerLoan: policy.planMaxPerLoan, minDaysPastDue: policy.planMinDaysPastDue, maxInstallments: policy.planMaxInstallments, lateCharges: policy.planLateCharges, accepted: await acceptedPlanCount(db, order.id) };
  if (!row) return { paymentPlan: null, planLimits };
  const balance = balanceOf(order, await orderInstallments(db, order.id));
  return { paymentPlan: planView(row, balance, formatDate(now, marketOf(row))), planLimits };
}

/** The plan as the borrower reads it, in their language, with its text's hash; null when none is offered or in force. */
function borrowerPlanOf(row: PaymentPlanRow | undefined, order: { orderNo: string; productId: number; statusCode: number }, balance: OrderBalance, language: Language, today: IsoDate): BorrowerPaymentPlan['plan'] {
  if (!row) return null;
  const offered = row.state === 'offered' && row.firstDueDate > today && order.statusCode === LoanStatus.Overdue;
  if (!offered && row.state !== 'accepted') return null;
  const schedule = row.schedule ? { installments: row.schedule, totalMinor: row.totalMinor, waivedLateChargesMinor: row.waivedLateChargesMinor, frozenLateChargesMinor: row.frozenLateChargesMinor } : scheduleNow(row, balance);
  if (!schedule) return null;
  const market = marketOf(row);
  const disclosure = { orderNo: order.orderNo, every: everyOf(row), schedule, annualRate: planAnnualCost(market, schedule, today).rate };
  const lines = planLines(disclosure, market, language);
  const costBox = planCostBox(disclosure, market, language);
  return {
    state: offered ? 'offered' : 'accepted',
    productId: order.productId,
    currency: MARKET_SETTINGS[market].currency,
    installments: schedule.installments.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountMinor: i.amountMinor })),
    totalMinor: schedule.totalMinor,
    waivedLateChargesMinor: schedule.waivedLateChargesMinor,
    costBox,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    lines,
    textSha256: createHash('sha256').update(JSON.stringify({ lines, costBox })).digest('hex'),
  };
}

/** The plan offered on the borrower's order, or in force (docs/decisions/250); another's order is not found. */
export async function borrowerPaymentPlan(db: Queryable, borrowerId: number, orderNo: string, language: Language, now: Date): Promise<BorrowerPaymentPlan> {
  const { order, market } = await borrowerOrder(db, borrowerId, { orderNo });
  const row = await latestPaymentPlan(db, order.id);
  return { plan: borrowerPlanOf(row, order, balanceOf(order, await orderInstallments(db, order.id)), language, formatDate(now, market)) };
}

/** Where and how the borrower accepted: kept as a contract's signature is. */
export type PlanAcceptEvidence = { language: Language; clientIp: string; userAgent: string };

/**
 * The borrower accepts the plan they were shown (docs/decisions/250), in one transaction with the
 * order locked: the text's hash must be the plan's now (9333 when it changed); the order's unpaid
 * installments become the plan's (orders' `restructureOrder`), the late charges waived leave the
 * books in a `plan-waiver` entry, the order is re-aged (0 days past due, a `restructured` move),
 * and the acceptance is kept with its evidence (text, hash, language, time, address, browser).
 */
export async function acceptPaymentPlan(db: Db, borrowerId: number, input: BorrowerPaymentPlanAccept, evidence: PlanAcceptEvidence, now: Date): Promise<BorrowerPaymentPlan> {
  const { order: found } = await borrowerOrder(db, borrowerId, { orderNo: input.orderId });
  await db.transaction(async (tx) => {
    const { order, installments, market, today } = await lockedOrder(tx, found.id, now);
    const open = await openPaymentPlan(tx, order.id);
    if (!open || open.state !== 'offered') throw new AppError(ErrorCode.PlanNotOpen);
    const balance = balanceOf(order, installments);
    const shown = borrowerPlanOf(open, order, balance, evidence.language, today);
    if (!shown || shown.state !== 'offered') throw new AppError(ErrorCode.PlanNotOpen);
    if (shown.textSha256 !== input.textSha256) throw new AppError(ErrorCode.PlanTextChanged);
    const schedule = scheduleNow(open, balance);
    if (!schedule) throw new AppError(ErrorCode.PlanNotOpen);
    const firstSeq = await restructureOrder(tx, order, installments, schedule, today, now);
    if (schedule.waivedLateChargesMinor > 0) {
      await insertEntry(tx, { orderId: order.id, kind: 'plan-waiver', bookedOn: today, postings: lossPostings({ principalMinor: 0, interestMinor: 0, taxMinor: 0, lateChargesMinor: schedule.waivedLateChargesMinor }) });
    }
    await changePaymentPlan(tx, open.id, ['offered'], {
      state: 'accepted',
      acceptedAt: now,
      acceptLanguage: evidence.language,
      acceptText: JSON.stringify({ lines: shown.lines, costBox: shown.costBox }),
      acceptTextSha256: shown.textSha256,
      acceptClientIp: evidence.clientIp.slice(0, 64),
      acceptUserAgent: evidence.userAgent.slice(0, 300),
      schedule: schedule.installments,
      firstSeq,
      totalMinor: schedule.totalMinor,
      waivedLateChargesMinor: schedule.waivedLateChargesMinor,
      frozenLateChargesMinor: schedule.frozenLateChargesMinor,
    });
    await reAge(tx, order.id, market, schedule.totalMinor, today, now);
  });
  return borrowerPaymentPlan(db, borrowerId, input.orderId, evidence.language, now);
}

/** The accepted plan re-ages the order: no days past due, no bucket, the move recorded as `restructured` (docs/decisions/242, 250). */
async function reAge(tx: Tx, orderId: number, market: Market, owedMinor: number, today: IsoDate, now: Date): Promise<void> {
  const [was] = await lockDelinquencyOf(tx, [orderId]);
  await upsertDelinquency(tx, [{ orderId, market, daysPastDue: 0, bucket: null, lateSince: null, asOf: today, owedMinor }], now);
  await insertMoves(tx, [{ orderId, market, fromBucket: was?.bucket ?? null, toBucket: null, daysPastDue: 0, reason: 'restructured', movedOn: today }], now);
}

/** The order's plan in force, in the payment's transaction that holds the order's lock. */
export async function paymentPlanInForce(tx: Tx, orderId: number): Promise<{ id: number } | null> {
  const open = await openPaymentPlan(tx, orderId);
  return open?.state === 'accepted' ? { id: open.id } : null;
}

/** The payment that repaid the order under its plan keeps the plan (docs/decisions/250). */
export async function keepPaymentPlan(tx: Tx, plan: { id: number }, now: Date): Promise<void> {
  await changePaymentPlan(tx, plan.id, ['accepted'], { state: 'kept', closedAt: now });
}

/**
 * The order clock's part (docs/decisions/250), in its batch's transaction: of these overdue orders,
 * those under a plan in force; the plans whose oldest unpaid installment is `PLAN_BREAK_DAYS` or
 * more days late break (the order stays late, its days counted from that installment as always,
 * and accrues late charges again); the rest accrue none.
 */
export async function paymentPlansOnClock(tx: Tx, lateness: readonly { orderId: number; daysPastDue: number }[], now: Date): Promise<{ inForce: Set<number>; broken: Set<number> }> {
  const plans = await plansInForceOf(tx, lateness.map((entry) => entry.orderId));
  const days = new Map(lateness.map((entry) => [entry.orderId, entry.daysPastDue]));
  const breaking = plans.filter((plan) => (days.get(plan.orderId) ?? 0) >= PLAN_BREAK_DAYS);
  await breakPaymentPlans(tx, breaking.map((plan) => plan.id), now);
  const broken = new Set(breaking.map((plan) => plan.orderId));
  return { inForce: new Set(plans.map((plan) => plan.orderId).filter((id) => !broken.has(id))), broken };
}

/** The borrower's plans, for their data download. */
export async function paymentPlansDataOf(db: Queryable, borrowerId: number) {
  return (await paymentPlansOfBorrower(db, borrowerId)).map((row) => ({
    orderId: row.orderId,
    state: row.state,
    count: row.installmentCount,
    every: row.every,
    firstDueDate: row.firstDueDate,
    lateCharges: row.lateCharges,
    schedule: (row.schedule ?? []).map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountMinor: i.amountMinor })),
    totalMinor: row.totalMinor,
    waivedLateChargesMinor: row.waivedLateChargesMinor,
    offeredAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    acceptText: row.acceptText,
    closedAt: row.closedAt?.toISOString() ?? null,
  }));
}
