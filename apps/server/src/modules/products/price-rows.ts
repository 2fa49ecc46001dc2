import type { DetailRow, Language } from '@lend/contracts';
import { formatAmount, formatAnnualRate, formatDeduction, formatRatePercent, LOAN_RULES, type AnnualCost } from '@lend/domain';
import type { LoanQuote } from './loan-quote';
import { earlyRepaymentDay, lateChargeCapMinor, lateFeeAmounts, lateInterestTiersText } from './loan-rules-texts';
import { loanText, type LoanTextKey } from './loan-texts';
import type { ProductRow } from './product-repository';

/** An optional row's value when there is nothing to show ("0", or "" for text): the screens hide such rows. */
export const NO_VALUE = '0';

/** Daily rate × 360: the annual rate as Mexican loan contracts state it. */
export function annualInterestPpm(interestPerDayPpm: number): number {
  return interestPerDayPpm * 360;
}

/** The CAT or APR sentence, in the borrower's language. */
export function annualCostLine(language: Language, cost: AnnualCost): string {
  return loanText(language, cost.kind === 'CAT' ? 'cost.CAT' : 'cost.APR', { rate: formatAnnualRate(cost.rate) });
}

/** The price of a loan as text/value rows: what the confirmation lists and the contract repeats. */
export function priceRows(language: Language, product: ProductRow, quote: LoanQuote): DetailRow[] {
  const t = (key: LoanTextKey, values?: Readonly<Record<string, string | number>>) => loanText(language, key, values);
  const amount = (minor: number) => formatAmount(minor, quote.market);
  const { pricing } = product;
  const { price } = quote;
  const earlyDay = earlyRepaymentDay(LOAN_RULES[quote.market].earlyRepayment, price.termDays);
  return [
    { text: t('row.amount'), value: amount(price.principalMinor) },
    { text: t('row.commission', { rate: formatRatePercent(pricing.commissionPpm) }), value: amount(price.commissionMinor) },
    { text: t('row.giveAmount'), value: amount(price.disbursalMinor) },
    {
      text: t('row.interest', { rate: formatRatePercent(pricing.interestPerDayPpm), days: price.termDays }),
      value: amount(price.interestMinor),
    },
    { text: t('row.discount'), value: price.discountMinor > 0 ? formatDeduction(price.discountMinor, quote.market) : NO_VALUE },
    { text: t(quote.market === 'IN' ? 'row.taxIn' : 'row.tax', { rate: formatRatePercent(pricing.taxPpm) }), value: amount(price.taxMinor) },
    { text: t('row.total'), value: amount(price.totalRepayableMinor) },
    { text: t('row.term'), value: t('row.termValue', { days: price.termDays }) },
    {
      text: t('row.installments'),
      value: t('row.installmentsValue', { periods: price.periods, periodDays: price.periodDays }),
    },
    { text: t('row.annualRate'), value: formatRatePercent(annualInterestPpm(pricing.interestPerDayPpm)) },
    { text: t('row.penalty'), value: t('row.penaltyValue', lateFeeAmounts(quote.market)) },
    { text: t('row.lateInterest'), value: lateInterestTiersText(language, quote.market) ?? t('row.lateInterestNone') },
    { text: t('row.lateCap'), value: amount(lateChargeCapMinor(quote.market, price.principalMinor)) },
    { text: t('row.earlyRepayment'), value: earlyDay === null ? t('row.earlyRepaymentAnyTime') : t('row.earlyRepaymentValue', { fromDay: earlyDay }) },
  ];
}
