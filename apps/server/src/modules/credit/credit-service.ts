import { creditPolicySchema, DECISION_FACTS, ErrorCode, type CreditPolicy, type DecisionFact } from '@lend/contracts';
import { addDays, decideCredit, formatDate, type IsoDate, type ScorecardInputs as RuleInputs } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { AppError } from '../../errors';
import { borrowerAndMarketProduct, lendingHistoryOf, openOrdersOf, type CreditLine, type OrderRow } from '../orders';
import { productById, productMarket, type ProductRow } from '../products';
import { certificationState, decisionFacts, scorecardInputs, staffProfileNames } from '../profiles';
import { recordAudit, type Actor } from '../staff';
import {
  awaitingReview,
  decisionsOf,
  eraseDecisionInputs,
  hasScoredDecision,
  insertDecision,
  lockApplication,
  lockNewestDecision,
  lockReferral,
  lockStandingApprovals,
  lockStandingDecision,
  recordReview,
  standingDecision,
  supersede,
  type CreditDecisionRow,
} from './credit-repository';

/** Who stored a decision the rules made. */
export const RULES = 'scorecard';

/** The rules' version of an approval no application made (docs/decisions/141). */
const UNSCORED = 'unscored';

/**
 * Which of the facts the decision stands on differ from the borrower's now (docs/decisions/215);
 * none for a decision that recorded none (made before facts were recorded, or no application made).
 */
export async function changedFacts(db: Queryable, row: CreditDecisionRow): Promise<DecisionFact[]> {
  const recorded = row.facts;
  if (!recorded) return [];
  const current = await decisionFacts(db, row.borrowerId);
  return DECISION_FACTS.filter((fact) => recorded[fact] !== current[fact]);
}

/** Whether the borrower has applied for credit: their identity is then fixed (docs/decisions/135, 215). */
export function hasApplied(tx: Tx, borrowerId: number): Promise<boolean> {
  return hasScoredDecision(tx, borrowerId, UNSCORED);
}

/**
 * A profile step changed the borrower's identity, income, debts or payout account, in its
 * transaction: every approval of theirs that stood on other facts no longer stands, and the
 * borrower applies again to be decided on what is true now (docs/decisions/215). A referral stays
 * with the officer, who sees what changed and may only decline it; a decline keeps its wait.
 */
export async function supersedeOnChangedFacts(tx: Tx, borrowerId: number, now: Date): Promise<void> {
  for (const row of await lockStandingApprovals(tx, borrowerId)) {
    if (row.ruleVersion === UNSCORED) continue;
    if (row.facts === null || (await changedFacts(tx, row)).length > 0) await supersede(tx, row.id, now);
  }
}

/**
 * The borrower's credit line on the product for placing an order, in the order's transaction: the
 * standing decision is held against a change until the order is written, and an approval whose
 * facts changed is refused (8011) so the borrower applies again (docs/decisions/215).
 */
export async function creditLineForOrder(tx: Tx, borrowerId: number, product: ProductRow, now: Date): Promise<CreditLine> {
  const standing = await lockStandingDecision(tx, borrowerId, product.id);
  if (standing?.outcome === 'approved' && (await changedFacts(tx, standing)).length > 0) throw new AppError(ErrorCode.CreditFactsChanged);
  return creditLineOf(tx, borrowerId, product, now);
}

/**
 * Before an operator approves an order, which queues its payout, in the order's transaction: the
 * newest decision on the order's product must be a standing approval still on the borrower's
 * facts, held against a change until the approval is written; else 8012 (docs/decisions/215). An
 * order with no decision at all was placed before credit decisions were kept.
 */
export async function decisionStandsForPayout(tx: Tx, order: OrderRow): Promise<void> {
  const newest = await lockNewestDecision(tx, order.borrowerId, order.productId);
  if (!newest) return;
  if (newest.supersededAt !== null || newest.outcome !== 'approved' || (await changedFacts(tx, newest)).length > 0) throw new AppError(ErrorCode.CreditDecisionFactsChanged);
}

/** The product's credit thresholds, or none when its configuration holds no valid policy: nobody may apply. */
export function policyOf(product: ProductRow): CreditPolicy | null {
  const parsed = creditPolicySchema.safeParse(product.creditPolicy);
  return parsed.success ? parsed.data : null;
}

const today = (product: ProductRow, now: Date): IsoDate => formatDate(now, productMarket(product));

/** A decline whose wait has not ended. */
function stillDeclined(row: CreditDecisionRow, product: ProductRow, now: Date): row is CreditDecisionRow & { reapplyOn: string } {
  return row.outcome === 'declined' && row.reapplyOn !== null && row.reapplyOn > today(product, now);
}

/**
 * What the borrower's standing decision on the product lets them do now (docs/decisions/141):
 * borrow up to the ceiling of an approval (the rules' or an officer's), wait for an officer,
 * wait for a decline to end, or apply (after completing their profile).
 */
export async function creditLineOf(db: Queryable, borrowerId: number, product: ProductRow, now: Date): Promise<CreditLine> {
  const standing = await standingDecision(db, borrowerId, product.id);
  if (standing?.outcome === 'approved' && standing.amountCeilingMinor !== null) return { kind: 'approved', ceilingMinor: standing.amountCeilingMinor };
  if (standing?.outcome === 'referred') return { kind: 'underReview' };
  if (standing && stillDeclined(standing, product, now)) return { kind: 'declinedUntil', until: standing.reapplyOn };
  const certification = await certificationState(db, borrowerId);
  return certification.complete ? { kind: 'applyFirst' } : { kind: 'profileIncomplete', missing: certification.missing };
}

/** The scorecard's inputs from the profile, this lender's history and the product (docs/decisions/140). */
async function ruleInputs(db: Queryable, borrowerId: number, product: ProductRow, policy: CreditPolicy, now: Date): Promise<{ rules: RuleInputs; identity: Record<string, boolean> }> {
  const facts = await scorecardInputs(db, borrowerId, now);
  if (!facts.complete || facts.birthDate === null || facts.monthlyIncomeMinor === null) {
    throw new AppError(ErrorCode.CreditProfileIncomplete, facts.certification.missing.join(', '));
  }
  const { pricing } = product;
  return {
    rules: {
      dateOfBirth: facts.birthDate,
      decidedOn: today(product, now),
      monthlyIncomeMinor: facts.monthlyIncomeMinor,
      declaredMonthlyDebtsMinor: facts.declaredMonthlyDebtsMinor ?? 0,
      identityVerified: facts.identityChecks.nationalIdValid && facts.identityChecks.matchesNameAndBirthDate,
      duplicateIdentity: facts.nationalIdHeldByOthers,
      sharedPayoutAccount: facts.payoutAccountHeldByOthers,
      history: await lendingHistoryOf(db, borrowerId, now),
      product: { minAmountMinor: pricing.minAmountMinor, maxAmountMinor: pricing.maxAmountMinor, maxTermDays: pricing.maxTermDays },
      policy,
    },
    identity: facts.identityChecks,
  };
}

/**
 * An application for a product: refused for another market's product, an incomplete profile,
 * an order in progress on the product or a decline whose wait has not ended; else the scorecard
 * decides once and the decision is stored with its inputs, the facts it stands on and the rules'
 * version. A standing approval or referral is the answer to applying again while its facts hold,
 * so concurrent applications (held one after another by a lock per borrower and product) give one
 * decision; once a fact changed, applying again decides anew (docs/decisions/215).
 */
export async function applyForCredit(db: Db, borrowerId: number, productId: number, now: Date): Promise<CreditDecisionRow> {
  const { product } = await borrowerAndMarketProduct(db, borrowerId, productId);
  const policy = policyOf(product);
  if (!product.active || !policy) throw new AppError(ErrorCode.CreditProductClosed);
  const certification = await certificationState(db, borrowerId);
  if (!certification.complete) throw new AppError(ErrorCode.CreditProfileIncomplete, certification.missing.join(', '));
  return db.transaction(async (tx) => {
    await lockApplication(tx, borrowerId, product.id);
    const standing = await standingDecision(tx, borrowerId, product.id);
    if (standing && standing.outcome !== 'declined' && (await changedFacts(tx, standing)).length === 0) return standing;
    if (standing && stillDeclined(standing, product, now)) throw new AppError(ErrorCode.CreditDeclinedUntil, standing.reapplyOn);
    if ((await openOrdersOf(tx, borrowerId)).some((order) => order.productId === product.id)) throw new AppError(ErrorCode.OrderInProgress);
    const { rules, identity } = await ruleInputs(tx, borrowerId, product, policy, now);
    const facts = await decisionFacts(tx, borrowerId);
    const decided = decideCredit(rules);
    if (standing) await supersede(tx, standing.id, now);
    return insertDecision(tx, {
      borrowerId,
      productId: product.id,
      outcome: decided.outcome,
      rulesOutcome: decided.outcome,
      points: decided.points,
      factors: decided.factors,
      reasons: decided.reasons,
      rulesCeilingMinor: decided.amountCeilingMinor,
      amountCeilingMinor: decided.outcome === 'approved' ? decided.amountCeilingMinor : null,
      reapplyOn: decided.reapplyOn,
      inputs: { ...rules, identityChecks: identity },
      facts,
      ruleVersion: decided.version,
      decidedAt: now,
      decidedBy: RULES,
    });
  });
}

/**
 * What the apply screen reads of a product without applying (docs/decisions/241): the product,
 * whether the borrower's profile is complete, and the decision that stands: an approval or referral
 * whose facts still hold, or a decline whose wait has not ended; else none, and applying decides
 * anew. Another market's product is refused as applying would be.
 */
export async function standingApplication(db: Db, borrowerId: number, productId: number, now: Date): Promise<{ product: ProductRow; profileComplete: boolean; decision: CreditDecisionRow | undefined }> {
  const { product } = await borrowerAndMarketProduct(db, borrowerId, productId);
  const profileComplete = (await certificationState(db, borrowerId)).complete;
  const standing = await standingDecision(db, borrowerId, product.id);
  const holds = standing && (standing.outcome === 'declined' ? stillDeclined(standing, product, now) : (await changedFacts(db, standing)).length === 0);
  return { product, profileComplete, decision: holds ? standing : undefined };
}

/** A decision with its product and which of its facts changed since (docs/decisions/215). */
export type ReferralView = CreditDecisionRow & { product: ProductRow; factsChanged: DecisionFact[]; borrowerName: string };

async function withProduct(db: Queryable, row: CreditDecisionRow): Promise<ReferralView> {
  const product = await productById(db, row.productId);
  if (!product) throw new Error(`credit decision ${row.id} names no product`);
  const names = await staffProfileNames(db, [row.borrowerId]);
  return { ...row, product, factsChanged: await changedFacts(db, row), borrowerName: names.get(row.borrowerId)?.name ?? '' };
}

/**
 * Referred applications waiting for a credit officer, with their inputs and reasons, oldest first
 * (ids grow with the decision's time), one page and one row more than asked.
 */
export async function referralsAwaitingReview(db: Queryable, decisionId: number | undefined, page: PageRequest<readonly [number]>): Promise<ReferralView[]> {
  const rows = await awaitingReview(db, decisionId, page);
  const views: ReferralView[] = [];
  for (const row of rows) views.push(await withProduct(db, row));
  return views;
}

async function lockedReferral(tx: Tx, decisionId: number): Promise<ReferralView> {
  const row = await lockReferral(tx, decisionId);
  if (!row) throw new AppError(ErrorCode.CreditReferralNotFound);
  return withProduct(tx, row);
}

/** What a referral's audit entry shows of it. */
const reviewOf = (row: CreditDecisionRow) => ({ outcome: row.outcome, amountCeilingMinor: row.amountCeilingMinor, reapplyOn: row.reapplyOn, reviewReason: row.reviewReason, reviewedBy: row.reviewedBy });

/**
 * Who the decision names as its officer: the signed-in staff member, never a name they typed; the
 * operator token's caller must name the person it acts for, kept marked as such (docs/decisions/222).
 */
function officerOf(actor: Actor, named: string | undefined): string {
  if (actor.kind === 'staff' && actor.email !== null) return actor.email;
  if (named === undefined) throw new AppError(ErrorCode.CreditOfficerRequired);
  return `${named} (operator token)`;
}

/**
 * An officer approves a referral with a ceiling between the product's smallest loan and what the
 * rules allowed; not one whose facts changed since it was referred (8012: docs/decisions/215).
 */
export function approveReferral(db: Db, decisionId: number, decision: { officer?: string | undefined; reason: string; amountCeilingMinor: number }, actor: Actor, now: Date): Promise<ReferralView> {
  return db.transaction(async (tx) => {
    const referral = await lockedReferral(tx, decisionId);
    if (referral.factsChanged.length > 0) throw new AppError(ErrorCode.CreditDecisionFactsChanged);
    const most = referral.rulesCeilingMinor ?? 0;
    const least = referral.product.pricing.minAmountMinor;
    if (decision.amountCeilingMinor > most || decision.amountCeilingMinor < least) throw new AppError(ErrorCode.CreditCeilingAboveRules, `${least}–${most}`);
    const row = await recordReview(tx, decisionId, { outcome: 'approved', amountCeilingMinor: decision.amountCeilingMinor, reapplyOn: null, reason: decision.reason, officer: officerOf(actor, decision.officer), at: now });
    await recordAudit(tx, actor, { action: 'credit.referral.approve', objectType: 'credit-decision', objectId: decisionId, before: reviewOf(referral), after: reviewOf(row) }, now);
    return { ...row, product: referral.product, factsChanged: [], borrowerName: referral.borrowerName };
  });
}

/** An officer declines a referral; the borrower may apply again after the product's wait, counted from today. */
export function declineReferral(db: Db, decisionId: number, decision: { officer?: string | undefined; reason: string }, actor: Actor, now: Date): Promise<ReferralView> {
  return db.transaction(async (tx) => {
    const referral = await lockedReferral(tx, decisionId);
    const wait = policyOf(referral.product)?.reapplyAfterDays ?? creditPolicySchema.parse(referral.inputs.policy).reapplyAfterDays;
    const reapplyOn = addDays(today(referral.product, now), wait);
    const row = await recordReview(tx, decisionId, { outcome: 'declined', amountCeilingMinor: null, reapplyOn, reason: decision.reason, officer: officerOf(actor, decision.officer), at: now });
    await recordAudit(tx, actor, { action: 'credit.referral.decline', objectType: 'credit-decision', objectId: decisionId, before: reviewOf(referral), after: reviewOf(row) }, now);
    return { ...row, product: referral.product, factsChanged: referral.factsChanged, borrowerName: referral.borrowerName };
  });
}

/** Every decision about the borrower for their data download (docs/decisions/095, 142). */
export async function creditDataOf(db: Queryable, borrowerId: number) {
  return (await decisionsOf(db, borrowerId)).map((row) => ({
    productId: row.productId,
    outcome: row.outcome,
    rulesOutcome: row.rulesOutcome,
    points: row.points,
    factors: row.factors,
    reasons: row.reasons,
    amountCeilingMinor: row.amountCeilingMinor,
    reapplyOn: row.reapplyOn,
    inputs: row.inputs,
    ruleVersion: row.ruleVersion,
    decidedAt: row.decidedAt.toISOString(),
    decidedBy: row.decidedBy,
    review: row.reviewOutcome ? { outcome: row.reviewOutcome, reason: row.reviewReason, decidedAt: row.reviewedAt?.toISOString() ?? null } : null,
  }));
}

/** The applicant's own facts; what the rules derived from them (points, factors, reasons) stays. */
const PERSONAL_INPUTS = ['dateOfBirth', 'monthlyIncomeMinor', 'declaredMonthlyDebtsMinor', 'identityChecks'];

/**
 * Account deletion keeps the decisions as credit records, without the applicant's facts: the
 * outcome, points, reasons, ceiling, rules' version and dates stay (docs/decisions/142).
 */
export function eraseCreditOf(tx: Tx, borrowerId: number, now: Date): Promise<void> {
  return eraseDecisionInputs(tx, borrowerId, (inputs) => Object.fromEntries(Object.entries(inputs).filter(([key]) => !PERSONAL_INPUTS.includes(key))), now);
}

/**
 * An approval up to the product's largest loan that no application made: the demo data's
 * borrowers hold one on each product of their market, so the demo's screens show offers from the
 * first start (docs/decisions/141). `decidedBy` says who placed it; its rules' version says no
 * rules ran.
 */
export async function recordUnscoredApproval(tx: Tx, borrowerId: number, product: ProductRow, decidedBy: string, now: Date): Promise<CreditDecisionRow> {
  const ceiling = product.pricing.maxAmountMinor;
  return insertDecision(tx, {
    borrowerId,
    productId: product.id,
    outcome: 'approved',
    rulesOutcome: 'approved',
    points: 100,
    factors: [],
    reasons: [],
    rulesCeilingMinor: ceiling,
    amountCeilingMinor: ceiling,
    reapplyOn: null,
    inputs: { unscored: decidedBy },
    ruleVersion: UNSCORED,
    decidedAt: now,
    decidedBy,
  });
}
