import type { CreditOutcome, CreditPolicy, CreditReason } from '@lend/contracts';
import { addDays, type IsoDate } from './dates';
import type { MinorUnits } from './money';

/**
 * The version of the rules below. A stored decision keeps it, so a decision can be explained
 * later by the rules that made it even after they change (docs/decisions/140).
 */
export const SCORECARD_VERSION = 'scorecard-2026-11';

/** This lender's own history with the borrower, from their settled and open orders. */
export type LendingHistory = {
  /** Orders settled with no installment paid after its due date. */
  settledOnTime: number;
  /** The most days any past installment was paid after its due date (0: never late). */
  worstDaysLate: number;
  /** An order is overdue now. */
  overdueNow: boolean;
};

/** Everything the scorecard reads; nothing else changes its answer. */
export type ScorecardInputs = {
  dateOfBirth: IsoDate;
  /** The day the decision is made, in the market's time zone. */
  decidedOn: IsoDate;
  monthlyIncomeMinor: MinorUnits;
  declaredMonthlyDebtsMinor: MinorUnits;
  /** The national id agrees with the name and date of birth and passed its format checks. */
  identityVerified: boolean;
  /** Another borrower's profile holds the same national id. */
  duplicateIdentity: boolean;
  /** Another borrower's active payout account is the same account. */
  sharedPayoutAccount: boolean;
  history: LendingHistory;
  /** The product's loan range and longest term, which bound the ceiling and the age rule. */
  product: { minAmountMinor: MinorUnits; maxAmountMinor: MinorUnits; maxTermDays: number };
  policy: CreditPolicy;
};

/** One line of the explanation: a rule that gave or took points, by its reason or factor code. */
export type ScoreFactor = { factor: 'age' | 'income' | 'debt_burden' | 'repayment_history'; points: number };

export type CreditDecisionResult = {
  outcome: CreditOutcome;
  /** 0 to 100; the sum of the factors, clamped. */
  points: number;
  factors: ScoreFactor[];
  /** Empty only for an approval. */
  reasons: CreditReason[];
  /** What the borrower may borrow at most: set for an approval and a referral, null for a decline. */
  amountCeilingMinor: MinorUnits | null;
  /** The first day a declined borrower may apply again; null otherwise. */
  reapplyOn: IsoDate | null;
  version: string;
};

/** Whole years from the date of birth to `on`, a birthday counting from its day. */
export function ageInYears(dateOfBirth: IsoDate, on: IsoDate): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [year, month, day] = on.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

function ageFactor(age: number): number {
  if (age < 22) return 5;
  if (age < 26) return 15;
  if (age <= 60) return 25;
  return 15;
}

/** Income against the product's minimum: the further above it, the more room to repay. */
function incomeFactor(income: MinorUnits, minimum: MinorUnits): number {
  if (income >= minimum * 3) return 35;
  if (income >= minimum * 2) return 25;
  return 10;
}

/** Declared debts as a share of income (ppm), against the product's limit. */
function debtFactor(debtToIncomePpm: number, limitPpm: number): number {
  if (debtToIncomePpm <= limitPpm / 4) return 25;
  if (debtToIncomePpm <= limitPpm / 2) return 15;
  return 5;
}

function historyFactor(history: LendingHistory): number {
  const onTime = Math.min(history.settledOnTime, 3) * 5;
  return history.worstDaysLate > 0 ? onTime - 10 : onTime;
}

function ceiling(inputs: ScorecardInputs): MinorUnits {
  const { policy, product, monthlyIncomeMinor, history } = inputs;
  const sharePpm = policy.ceilingIncomePpm + Math.min(history.settledOnTime, 3) * policy.ceilingBonusPerOnTimeLoanPpm;
  // BigInt keeps income × share exact for any income the contracts accept.
  const allowed = Number((BigInt(monthlyIncomeMinor) * BigInt(sharePpm)) / 1_000_000n);
  const stepped = Math.floor(Math.min(allowed, product.maxAmountMinor) / policy.amountStepMinor) * policy.amountStepMinor;
  return stepped;
}

/**
 * The explainable scorecard: hard rules that decline or refer whatever the points, then points
 * from age, income, declared debts and this lender's history against the product's lines. A pure
 * function: the same inputs always give the same decision.
 */
export function decideCredit(inputs: ScorecardInputs): CreditDecisionResult {
  const { policy, history } = inputs;
  const age = ageInYears(inputs.dateOfBirth, inputs.decidedOn);
  const ageAtLastDueDate = ageInYears(inputs.dateOfBirth, addDays(inputs.decidedOn, inputs.product.maxTermDays));
  const debtToIncomePpm =
    inputs.monthlyIncomeMinor > 0 ? Number((BigInt(inputs.declaredMonthlyDebtsMinor) * 1_000_000n) / BigInt(inputs.monthlyIncomeMinor)) : Number.MAX_SAFE_INTEGER;

  const declines: CreditReason[] = [];
  if (age < Math.max(18, policy.minAgeYears)) declines.push('under_age');
  if (ageAtLastDueDate > policy.maxAgeYears) declines.push('over_age');
  if (!inputs.identityVerified) declines.push('identity_unverified');
  if (inputs.monthlyIncomeMinor < policy.minMonthlyIncomeMinor) declines.push('income_below_minimum');
  if (debtToIncomePpm > policy.maxDebtToIncomePpm) declines.push('debt_burden_too_high');
  if (history.overdueNow) declines.push('overdue_loan');
  if (history.worstDaysLate > policy.seriousLatenessDays) declines.push('serious_past_lateness');

  const factors: ScoreFactor[] = [
    { factor: 'age', points: ageFactor(age) },
    { factor: 'income', points: incomeFactor(inputs.monthlyIncomeMinor, policy.minMonthlyIncomeMinor) },
    { factor: 'debt_burden', points: debtFactor(debtToIncomePpm, policy.maxDebtToIncomePpm) },
    { factor: 'repayment_history', points: historyFactor(history) },
  ];
  const points = Math.max(0, Math.min(100, factors.reduce((sum, factor) => sum + factor.points, 0)));
  const amountCeilingMinor = ceiling(inputs);
  if (declines.length === 0 && amountCeilingMinor < inputs.product.minAmountMinor) declines.push('ceiling_below_product_minimum');
  if (declines.length === 0 && points < policy.referFromPoints) declines.push('low_score');

  if (declines.length > 0) {
    return {
      outcome: 'declined',
      points,
      factors,
      reasons: declines,
      amountCeilingMinor: null,
      reapplyOn: addDays(inputs.decidedOn, policy.reapplyAfterDays),
      version: SCORECARD_VERSION,
    };
  }
  const referrals: CreditReason[] = [];
  if (inputs.duplicateIdentity) referrals.push('duplicate_identity');
  if (inputs.sharedPayoutAccount) referrals.push('shared_payout_account');
  if (history.worstDaysLate > 0) referrals.push('past_lateness');
  if (points < policy.approveFromPoints) referrals.push('borderline_score');
  return {
    outcome: referrals.length > 0 ? 'referred' : 'approved',
    points,
    factors,
    reasons: referrals,
    amountCeilingMinor,
    reapplyOn: null,
    version: SCORECARD_VERSION,
  };
}
