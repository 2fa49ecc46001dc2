import type { ProductPricing } from '@lend/contracts';
import { LoanStatus } from '@lend/contracts';
import { addDays, daysBetween, type IsoDate } from './dates';
import type { Market } from './market';
import type { MinorUnits } from './money';
import type { EarlyRepaymentRule } from './payoff';
import { applyPpm } from './pricing';

export type LateChargeTier = { fromDay: number; ppm: number };

export type LateChargeRules = {
  /** One-off fee charged when the order first falls late (once per order). */
  lateFeeMinor: { newClient: MinorUnits; repeatClient: MinorUnits };
  /** Daily late interest on each late installment's unpaid amount, by day of lateness; [] = none. */
  dailyInterestTiers: readonly LateChargeTier[];
  /** All late charges of an order together never exceed this share of its principal (ppm). */
  capPpmOfPrincipal: number;
};

export type ExtensionRules = { days: number; opensDaysBeforeDue: number; closesDaysAfterDue: number };

/**
 * The look-up (cooling-off) period after payout in which the borrower may leave the loan by
 * repaying the principal and the proportionate APR, without penalty (RBI digital lending: at least
 * one day for loans shorter than seven days, three days otherwise); null where no rule asks for one.
 */
export type CoolingOffRule = { days: number; shortLoanDays: number; shortBelowTermDays: number } | null;

export type MarketLoanRules = {
  lateCharges: LateChargeRules;
  earlyRepayment: EarlyRepaymentRule;
  extension: ExtensionRules;
  coolingOff: CoolingOffRule;
};

const halfTermAndSevenDays: EarlyRepaymentRule = { kind: 'afterShareOfTerm', termSharePpm: 500_000, minDaysFromDisbursal: 7 };
const sevenDaysAroundTheDueDate: ExtensionRules = { days: 7, opensDaysBeforeDue: 3, closesDaysAfterDue: 30 };

/**
 * The loan rules of each market, the one source the engine, the contract and the published terms
 * are written from (docs/decisions/071). India charges a flat penal charge only: the RBI's rules
 * of April 2024 forbid penal interest added to the rate or compounded.
 */
export const LOAN_RULES: Readonly<Record<Market, MarketLoanRules>> = {
  MX: {
    lateCharges: {
      lateFeeMinor: { newClient: 20_000, repeatClient: 16_000 },
      dailyInterestTiers: [
        { fromDay: 1, ppm: 50_000 },
        { fromDay: 31, ppm: 40_000 },
        { fromDay: 91, ppm: 20_000 },
      ],
      capPpmOfPrincipal: 1_000_000,
    },
    earlyRepayment: halfTermAndSevenDays,
    extension: sevenDaysAroundTheDueDate,
    coolingOff: null,
  },
  IN: {
    lateCharges: {
      lateFeeMinor: { newClient: 100_000, repeatClient: 80_000 },
      dailyInterestTiers: [],
      capPpmOfPrincipal: 1_000_000,
    },
    earlyRepayment: halfTermAndSevenDays,
    extension: sevenDaysAroundTheDueDate,
    coolingOff: { days: 3, shortLoanDays: 1, shortBelowTermDays: 7 },
  },
};

/** Days of the look-up period of a loan of this term in this market, or null when the market has none. */
export function coolingOffDays(market: Market, termDays: number): number | null {
  const rule = LOAN_RULES[market].coolingOff;
  if (!rule) return null;
  return termDays < rule.shortBelowTermDays ? rule.shortLoanDays : rule.days;
}

/** A tier with the last day of lateness it covers (null: open-ended). */
export type LateChargeBand = LateChargeTier & { toDay: number | null };

/** The tiers as bands of days, in order; a tier runs until the next one starts. */
export function lateChargeBands(rules: Pick<LateChargeRules, 'dailyInterestTiers'>): LateChargeBand[] {
  const tiers = [...rules.dailyInterestTiers].sort((a, b) => a.fromDay - b.fromDay);
  return tiers.map((tier, index) => {
    const next = tiers[index + 1];
    return { ...tier, toDay: next ? next.fromDay - 1 : null };
  });
}

/** The fee that applies: a repeat client (one earlier settled order) pays the lower one. */
export function lateFeeFor(rules: Pick<LateChargeRules, 'lateFeeMinor'>, repeatClient: boolean): MinorUnits {
  return repeatClient ? rules.lateFeeMinor.repeatClient : rules.lateFeeMinor.newClient;
}

export type LateChargeInput = {
  principalMinor: MinorUnits;
  repeatClient: boolean;
  feeCharged: boolean;
  accruedMinor: MinorUnits;
  installments: readonly { dueDate: IsoDate; unpaidMinor: MinorUnits }[];
  through: IsoDate | null;
  today: IsoDate;
};

/** Days of lateness `from..to` (inclusive) that fall in a band. */
function overlap(from: number, to: number, band: LateChargeBand): number {
  const start = Math.max(from, band.fromDay);
  const end = band.toDay === null ? to : Math.min(to, band.toDay);
  return Math.max(0, end - start + 1);
}

/**
 * What the clock adds for the days after `through` up to `today` (both market dates): the fee
 * if not yet charged and the order has a late installment, and the daily interest of each late
 * installment for each of those days by its day of lateness, within the cap less what is accrued.
 * Day 1 of lateness is the day after the due date. Each day's interest is rounded on its own, so
 * accruing a range in several runs charges exactly what one run would.
 */
export function lateChargeAccrual(rules: LateChargeRules, input: LateChargeInput): { feeMinor: MinorUnits; interestMinor: MinorUnits } {
  const cap = applyPpm(input.principalMinor, rules.capPpmOfPrincipal);
  let room = Math.max(0, cap - input.accruedMinor);
  const lateToday = input.installments.some((i) => i.unpaidMinor > 0 && daysBetween(i.dueDate, input.today) >= 1);
  const feeMinor = !input.feeCharged && lateToday ? Math.min(lateFeeFor(rules, input.repeatClient), room) : 0;
  room -= feeMinor;
  const bands = lateChargeBands(rules);
  let interest = 0;
  for (const installment of input.installments) {
    if (installment.unpaidMinor <= 0) continue;
    const lastDay = daysBetween(installment.dueDate, input.today);
    const firstDay = input.through === null ? 1 : Math.max(1, daysBetween(installment.dueDate, input.through) + 1);
    if (lastDay < firstDay) continue;
    for (const band of bands) {
      interest += applyPpm(installment.unpaidMinor, band.ppm) * overlap(firstDay, lastDay, band);
    }
  }
  return { feeMinor, interestMinor: Math.min(interest, room) };
}

/**
 * What extending a due date costs: `days` days' interest on the principal, with its tax, plus the
 * late charges owed so far (an extension is granted on paying them). `days` is the market's
 * `LOAN_RULES[market].extension.days`.
 */
export function extensionCharge(
  pricing: Pick<ProductPricing, 'interestPerDayPpm' | 'taxPpm'>,
  principalMinor: MinorUnits,
  days: ExtensionRules['days'],
  penaltyMinor: MinorUnits,
): MinorUnits {
  const fee = extensionFee(pricing, principalMinor, days);
  return fee.interestMinor + fee.taxMinor + penaltyMinor;
}

/** The part of an extension's charge that pays for the extra days: their interest and its tax. */
export function extensionFee(
  pricing: Pick<ProductPricing, 'interestPerDayPpm' | 'taxPpm'>,
  principalMinor: MinorUnits,
  days: ExtensionRules['days'],
): { interestMinor: MinorUnits; taxMinor: MinorUnits } {
  const interestMinor = applyPpm(principalMinor, pricing.interestPerDayPpm, days);
  return { interestMinor, taxMinor: applyPpm(interestMinor, pricing.taxPpm) };
}

export type ExtensionRequest = {
  status: number;
  extensionsUsed: number;
  maxExtensions: number;
  /** The order's next unpaid due date. */
  dueDate: IsoDate;
  today: IsoDate;
};

export type ExtensionVerdict = { allowed: true } | { allowed: false; reason: 'status' | 'used' | 'tooEarly' | 'tooLate' };

/** The first and last day an extension of a due date may be asked. */
export function extensionWindow(rules: ExtensionRules, dueDate: IsoDate): { opens: IsoDate; closes: IsoDate } {
  return { opens: addDays(dueDate, -rules.opensDaysBeforeDue), closes: addDays(dueDate, rules.closesDaysAfterDue) };
}

/**
 * Whether an extension may be asked today: the order is repaying (a 170 order only inside the
 * window before its due date), the product's allowance is not used up, and today is in the window.
 */
export function extensionAllowed(rules: ExtensionRules, request: ExtensionRequest): ExtensionVerdict {
  const repaying = request.status === LoanStatus.Disbursed || request.status === LoanStatus.Due || request.status === LoanStatus.Overdue;
  if (!repaying) return { allowed: false, reason: 'status' };
  if (request.extensionsUsed >= request.maxExtensions) return { allowed: false, reason: 'used' };
  const { opens, closes } = extensionWindow(rules, request.dueDate);
  if (daysBetween(opens, request.today) < 0) return { allowed: false, reason: 'tooEarly' };
  if (daysBetween(request.today, closes) < 0) return { allowed: false, reason: 'tooLate' };
  return { allowed: true };
}
