import { createHash } from 'node:crypto';
import {
  ErrorCode,
  LoanStatus,
  OPEN_SETTLEMENT_STATES,
  SETTLEMENT_MAX_DAYS,
  type BorrowerSettlement,
  type BorrowerSettlementAccept,
  type Language,
  type SettlementState,
  type SettlementView,
} from '@lend/contracts';
import { addDays, formatAmount, formatDate, lossPostings, MARKET_SETTINGS, lossTotal, outstanding, type IsoDate, type LossParts, type Market } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { insertEntry } from '../ledger';
import { balanceOf, borrowerOrder, lockOrderForMoney, orderByNumber, orderInstallments } from '../orders';
import { collectionsPolicyOf, productById, productMarket } from '../products';
import { recordAudit, type Actor } from '../staff';
import { lapsePaymentPlans, openPaymentPlan } from './payment-plan-repository';
import { settlementOfferLines } from './settlement-presenter';
import {
  addSettlementPaid,
  addWaivedOfWriteOff,
  changeSettlement,
  insertSettlement,
  lapseSettlements,
  latestSettlement,
  openSettlement,
  type SettlementRow,
} from './settlement-repository';

/** The staff member who acts: a person, never the shared token (the routes admit people only). */
export function staffOf(actor: Actor): { id: number; email: string } {
  if (actor.kind !== 'staff' || actor.staffId === null) throw new AppError(ErrorCode.StaffRoleRefused);
  return { id: actor.staffId, email: actor.email ?? '' };
}

/** The order locked for money, its market's day, and its open settlements past their day lapsed first. */
async function lockedOrder(tx: Tx, orderId: number, now: Date) {
  const locked = await lockOrderForMoney(tx, orderId);
  if (!locked) throw new AppError(ErrorCode.NotFound);
  const today = formatDate(now, productMarket(locked.product));
  await lapseSettlements(tx, orderId, today, now);
  return { ...locked, today };
}

async function orderIdOf(db: Queryable, orderNo: string): Promise<number> {
  const order = await orderByNumber(db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  return order.id;
}

const marketOf = (row: SettlementRow): Market => (row.market === 'IN' ? 'IN' : 'MX');

/** Whether waiving `waiverMinor` of `owedMinor` is more than one officer may: above the product's solo percent. */
const needsApproval = (waiverMinor: number, owedMinor: number, soloPercent: number) => waiverMinor * 100 > owedMinor * soloPercent;

/**
 * A credit officer offers to close a late order for less than it owes (docs/decisions/245): an
 * amount above zero and below what is owed now, to be paid by a day from today to 30 days ahead.
 * Waiving more than the product's solo limit waits for a second person; else it is offered at
 * once. One open settlement per order; audited.
 */
export async function offerSettlement(db: Db, orderNo: string, input: { amountMinor: number; expiresOn: string; note: string }, actor: Actor, now: Date): Promise<void> {
  const staff = staffOf(actor);
  const orderId = await orderIdOf(db, orderNo);
  try {
    await db.transaction(async (tx) => {
      const { order, product, installments, today } = await lockedOrder(tx, orderId, now);
      const owedMinor = outstanding(balanceOf(order, installments));
      if (order.statusCode !== LoanStatus.Overdue || owedMinor <= 0) throw new AppError(ErrorCode.SettlementNotAllowed);
      if (await openSettlement(tx, order.id)) throw new AppError(ErrorCode.SettlementOpenAlready);
      // One arrangement at a time: a plan offered or in force is decided before a settlement (docs/decisions/250).
      await lapsePaymentPlans(tx, order.id, today, now);
      if (await openPaymentPlan(tx, order.id)) throw new AppError(ErrorCode.PlanOpenAlready);
      const market = productMarket(product);
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0 || input.amountMinor >= owedMinor) {
        throw new AppError(ErrorCode.SettlementAmountOutOfRange, formatAmount(owedMinor, market));
      }
      const lastDay = addDays(today, SETTLEMENT_MAX_DAYS);
      if (input.expiresOn < today || input.expiresOn > lastDay) throw new AppError(ErrorCode.SettlementExpiryOutOfRange, lastDay);
      const waiverMinor = owedMinor - input.amountMinor;
      const state: SettlementState = needsApproval(waiverMinor, owedMinor, collectionsPolicyOf(product).settlementSoloWaiverPercent) ? 'awaiting-approval' : 'offered';
      const row = await insertSettlement(tx, {
        orderId: order.id,
        market,
        state,
        amountMinor: input.amountMinor,
        owedMinor,
        expiresOn: input.expiresOn,
        note: input.note,
        offeredById: staff.id,
        offeredByEmail: staff.email,
        createdAt: now,
      });
      await recordAudit(tx, actor, { action: 'settlement.offer', objectType: 'order', objectId: orderNo, before: null, after: { id: row.id, state, amountMinor: input.amountMinor, owedMinor, waiverMinor, expiresOn: input.expiresOn, note: input.note } }, now);
    });
  } catch (error) {
    // Two offers at once: the database's one open settlement per order refuses the second.
    if (violatedUniqueKey(error) === 'settlements_open_idx') throw new AppError(ErrorCode.SettlementOpenAlready);
    throw error;
  }
}

/** A settlement of the order, open, with its order locked; refused when it is not, or not the order's. */
async function openOf(tx: Tx, orderId: number, settlementId: number, now: Date) {
  const locked = await lockedOrder(tx, orderId, now);
  const open = await openSettlement(tx, orderId);
  if (!open || open.id !== settlementId) throw new AppError(ErrorCode.SettlementNotOpen);
  return { ...locked, open };
}

/** A second person (not the officer who offered it) approves or declines an offer awaiting approval; audited. */
export async function decideSettlement(db: Db, orderNo: string, settlementId: number, decision: 'approve' | 'decline', actor: Actor, now: Date): Promise<void> {
  const staff = staffOf(actor);
  const orderId = await orderIdOf(db, orderNo);
  await db.transaction(async (tx) => {
    const { open } = await openOf(tx, orderId, settlementId, now);
    if (open.state !== 'awaiting-approval') throw new AppError(ErrorCode.SettlementNotOpen);
    if (open.offeredById === staff.id) throw new AppError(ErrorCode.SettlementSamePerson);
    const state: SettlementState = decision === 'approve' ? 'offered' : 'declined';
    await changeSettlement(tx, open.id, ['awaiting-approval'], {
      state,
      decidedById: staff.id,
      decidedByEmail: staff.email,
      decidedAt: now,
      ...(state === 'declined' ? { closedAt: now, closedByEmail: staff.email } : {}),
    });
    await recordAudit(tx, actor, { action: `settlement.${decision}`, objectType: 'order', objectId: orderNo, before: { id: open.id, state: open.state }, after: { id: open.id, state } }, now);
  });
}

/** An operator withdraws an offer the borrower has not accepted (an accepted one binds the lender until its day); audited. */
export async function withdrawSettlement(db: Db, orderNo: string, settlementId: number, actor: Actor, now: Date): Promise<void> {
  const staff = staffOf(actor);
  const orderId = await orderIdOf(db, orderNo);
  await db.transaction(async (tx) => {
    const { open } = await openOf(tx, orderId, settlementId, now);
    if (!(await changeSettlement(tx, open.id, ['awaiting-approval', 'offered'], { state: 'withdrawn', closedAt: now, closedByEmail: staff.email }))) {
      throw new AppError(ErrorCode.SettlementNotOpen);
    }
    await recordAudit(tx, actor, { action: 'settlement.withdraw', objectType: 'order', objectId: orderNo, before: { id: open.id, state: open.state }, after: { id: open.id, state: 'withdrawn' } }, now);
  });
}

/** An open settlement whose day passed reads as lapsed, before anything writes it so. */
function stateOn(row: SettlementRow, today: IsoDate): SettlementState {
  return OPEN_SETTLEMENT_STATES.includes(row.state) && row.expiresOn < today ? 'lapsed' : row.state;
}

const waivedPartsOf = (row: SettlementRow): LossParts => ({
  principalMinor: row.waivedPrincipalMinor,
  interestMinor: row.waivedInterestMinor,
  taxMinor: row.waivedTaxMinor,
  lateChargesMinor: row.waivedLateChargesMinor,
});

/** The order's latest settlement as operators see it (null when none was offered), and its product's solo limit. */
export async function settlementOf(db: Queryable, orderId: number, productId: number, now: Date): Promise<{ settlement: SettlementView | null; settlementSoloLimitPercent: number }> {
  const product = await productById(db, productId);
  const soloLimitPercent = product ? collectionsPolicyOf(product).settlementSoloWaiverPercent : 0;
  const row = await latestSettlement(db, orderId);
  return { settlement: row ? settlementView(row, soloLimitPercent, formatDate(now, marketOf(row))) : null, settlementSoloLimitPercent: soloLimitPercent };
}

function settlementView(row: SettlementRow, soloLimitPercent: number, today: IsoDate): SettlementView {
  const waiverMinor = row.owedMinor - row.amountMinor;
  return {
    id: row.id,
    state: stateOn(row, today),
    amountMinor: row.amountMinor,
    owedMinor: row.owedMinor,
    waiverMinor,
    waiverPercent: Math.round((waiverMinor * 1000) / row.owedMinor) / 10,
    soloLimitPercent,
    expiresOn: row.expiresOn,
    note: row.note,
    offeredBy: row.offeredByEmail,
    offeredAt: row.createdAt.toISOString(),
    decidedBy: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    paidMinor: row.paidMinor,
    closedBy: row.closedByEmail,
    closedAt: row.closedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    waivedMinor: lossTotal(waivedPartsOf(row)),
  };
}

/** The offer as the borrower reads it now, in their language, with its text's hash; null when none is open to them. */
function borrowerOffer(row: SettlementRow | undefined, owedMinor: number, order: { orderNo: string; productId: number }, language: Language, today: IsoDate): BorrowerSettlement['offer'] {
  if (!row || (row.state !== 'offered' && row.state !== 'accepted') || row.expiresOn < today) return null;
  const market = marketOf(row);
  const toPayMinor = Math.max(row.amountMinor - row.paidMinor, 0);
  const waivedMinor = Math.max(owedMinor - toPayMinor, 0);
  const lines = settlementOfferLines({ orderNo: order.orderNo, toPayMinor, waivedMinor, expiresOn: row.expiresOn }, market, language);
  return {
    state: row.state,
    productId: order.productId,
    currency: MARKET_SETTINGS[market].currency,
    toPayMinor,
    waivedMinor,
    expiresOn: row.expiresOn,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    lines,
    textSha256: createHash('sha256').update(JSON.stringify(lines)).digest('hex'),
  };
}

/** The settlement offered on the borrower's order (docs/decisions/245); another's order is not found. */
export async function borrowerSettlement(db: Queryable, borrowerId: number, orderNo: string, language: Language, now: Date): Promise<BorrowerSettlement> {
  const { order, installments, market } = await borrowerOrderWithPlan(db, borrowerId, orderNo);
  const row = await latestSettlement(db, order.id);
  return { offer: borrowerOffer(row, outstanding(balanceOf(order, installments)), order, language, formatDate(now, market)) };
}

async function borrowerOrderWithPlan(db: Queryable, borrowerId: number, orderNo: string) {
  const { order, market } = await borrowerOrder(db, borrowerId, { orderNo });
  return { order, market, installments: await orderInstallments(db, order.id) };
}

/** Where and how the borrower accepted: kept as a contract's signature is. */
export type AcceptEvidence = { language: Language; clientIp: string; userAgent: string };

/**
 * The borrower accepts the offer they were shown (docs/decisions/245): the text's hash must be the
 * offer's now, in their language; the text, its hash, the time, address and browser are kept.
 */
export async function acceptSettlement(db: Db, borrowerId: number, input: BorrowerSettlementAccept, evidence: AcceptEvidence, now: Date): Promise<BorrowerSettlement> {
  const { order } = await borrowerOrder(db, borrowerId, { orderNo: input.orderId });
  await db.transaction(async (tx) => {
    const locked = await lockedOrder(tx, order.id, now);
    const open = await openSettlement(tx, order.id);
    if (!open || open.state !== 'offered') throw new AppError(ErrorCode.SettlementNotOpen);
    const offer = borrowerOffer(open, outstanding(balanceOf(locked.order, locked.installments)), locked.order, evidence.language, locked.today);
    if (!offer || offer.textSha256 !== input.textSha256) throw new AppError(ErrorCode.SettlementTextChanged);
    await changeSettlement(tx, open.id, ['offered'], {
      state: 'accepted',
      acceptedAt: now,
      acceptLanguage: evidence.language,
      acceptText: JSON.stringify(offer.lines),
      acceptTextSha256: offer.textSha256,
      acceptClientIp: evidence.clientIp.slice(0, 64),
      acceptUserAgent: evidence.userAgent.slice(0, 300),
    });
  });
  return borrowerSettlement(db, borrowerId, input.orderId, evidence.language, now);
}

/** An accepted settlement money counts towards now: its day not passed (one that passed lapses here). */
export type SettlementInForce = { id: number; amountMinor: number; paidMinor: number };

/** The order's accepted settlement in force, in the payment's transaction that holds the order's lock. */
export async function settlementInForce(tx: Tx, orderId: number, today: IsoDate, now: Date): Promise<SettlementInForce | null> {
  // One read on every payment; the lapse is written only when an open settlement's day has passed.
  const open = await openSettlement(tx, orderId);
  if (!open) return null;
  if (open.expiresOn < today) {
    await changeSettlement(tx, open.id, OPEN_SETTLEMENT_STATES, { state: 'lapsed', closedAt: now });
    return null;
  }
  return open.state === 'accepted' ? { id: open.id, amountMinor: open.amountMinor, paidMinor: open.paidMinor } : null;
}

/** Whether a payment of `amountMinor` reaches the settlement's amount with what was paid since the acceptance. */
export const settlementReached = (settlement: SettlementInForce, amountMinor: number): boolean => settlement.paidMinor + amountMinor >= settlement.amountMinor;

/**
 * Counts a payment towards the settlement, in the payment's transaction; when it reaches the
 * amount, `waived` (what the order still owed after it) is waived: the settlement closes as
 * settled with the parts kept, and a `settlement` entry takes them off the books (domain
 * `lossPostings`); a written-off order's receivables are off already, so its write-off counts the
 * waiver instead.
 */
export async function recordSettlementPayment(
  tx: Tx,
  settlement: SettlementInForce,
  payment: { orderId: number; paymentId: number; amountMinor: number; waived: LossParts | null; writtenOff: boolean; today: IsoDate; now: Date },
): Promise<void> {
  await addSettlementPaid(tx, settlement.id, payment.amountMinor);
  const { waived } = payment;
  if (!waived) return;
  await changeSettlement(tx, settlement.id, ['accepted'], {
    state: 'settled',
    settledAt: payment.now,
    closedAt: payment.now,
    waivedPrincipalMinor: waived.principalMinor,
    waivedInterestMinor: waived.interestMinor,
    waivedTaxMinor: waived.taxMinor,
    waivedLateChargesMinor: waived.lateChargesMinor,
  });
  if (payment.writtenOff) await addWaivedOfWriteOff(tx, payment.orderId, lossTotal(waived));
  else if (lossTotal(waived) > 0) await insertEntry(tx, { orderId: payment.orderId, paymentId: payment.paymentId, kind: 'settlement', bookedOn: payment.today, postings: lossPostings(waived) });
}
