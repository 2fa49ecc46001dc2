import type { Language } from '@lend/contracts';
import {
  applyPpm,
  daysBetween,
  earlyRepaymentFrom,
  formatAmount,
  formatRatePercent,
  lateChargeBands,
  LOAN_RULES,
  type EarlyRepaymentRule,
  type Market,
  type MinorUnits,
} from '@lend/domain';
import { loanText } from './loan-texts';

/**
 * The market's loan rules (LOAN_RULES) as the borrower reads them in the rows and the contract,
 * so what is written is what the clock charges.
 */

/** The daily late-interest tiers as one phrase, or null where the market charges none. */
export function lateInterestTiersText(language: Language, market: Market): string | null {
  const bands = lateChargeBands(LOAN_RULES[market].lateCharges);
  if (bands.length === 0) return null;
  return bands
    .map((band) =>
      band.toDay === null
        ? loanText(language, 'late.tierOpen', { rate: formatRatePercent(band.ppm), from: band.fromDay })
        : loanText(language, 'late.tier', { rate: formatRatePercent(band.ppm), from: band.fromDay, to: band.toDay }),
    )
    .join('; ');
}

/** The most all late charges of a loan of `principalMinor` may add up to. */
export function lateChargeCapMinor(market: Market, principalMinor: MinorUnits): MinorUnits {
  return applyPpm(principalMinor, LOAN_RULES[market].lateCharges.capPpmOfPrincipal);
}

/** The fee for a new and for a repeat client, as amounts of the market. */
export function lateFeeAmounts(market: Market): { newClient: string; repeatClient: string } {
  const { newClient, repeatClient } = LOAN_RULES[market].lateCharges.lateFeeMinor;
  return { newClient: formatAmount(newClient, market), repeatClient: formatAmount(repeatClient, market) };
}

/** The day after disbursal from which the loan may be repaid early, or null when it may be at any time. */
export function earlyRepaymentDay(rule: EarlyRepaymentRule, termDays: number): number | null {
  const disbursedOn = '2000-01-01';
  const from = earlyRepaymentFrom(rule, { disbursedOn, termDays });
  return from === null ? null : daysBetween(disbursedOn, from.from);
}
