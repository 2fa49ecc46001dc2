import { LoanStatus, type DetailRow, type Language } from '@lend/contracts';
import { formatAmount, formatDate, formatRatePercent, LOAN_RULES, owedNow, isRepaying, type IsoDate, type Market } from '@lend/domain';
import type { InstallmentRow } from './installment-repository';
import type { LoanQuote } from './loan-quote';
import { earlyRepaymentDay, lateChargeCapMinor, lateFeeAmounts, lateInterestTiersText } from './loan-rules-texts';
import { loanText, type LoanTextKey } from './loan-texts';
import { balanceOf } from './order-balance';
import type { OrderRow } from './order-repository';
import type { ProductRow } from './product-repository';

/** Optional rows carry "0" or "" when there is nothing to show; the screens hide those (spec §2). */
const NONE = '0';

type RowText = (key: LoanTextKey, values?: Readonly<Record<string, string | number>>) => string;

function texts(language: Language): RowText {
  return (key, values) => loanText(language, key, values);
}

/** Daily rate × 360: the annual rate as Mexican loan contracts state it. */
export function annualInterestPpm(interestPerDayPpm: number): number {
  return interestPerDayPpm * 360;
}

/** The price of a loan as text/value rows: what the confirmation lists and the contract repeats. */
export function priceRows(language: Language, product: ProductRow, quote: LoanQuote): DetailRow[] {
  const t = texts(language);
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
    { text: t('row.discount'), value: price.discountMinor > 0 ? `−${amount(price.discountMinor)}` : NONE },
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

/** Today, or the later day the clock job has already acted on (an operator may run it as of a later day). */
export function orderToday(order: OrderRow, today: IsoDate): IsoDate {
  const clockSaw = order.statusCode === LoanStatus.Due || order.statusCode === LoanStatus.Overdue ? (order.dueDate ?? '') : '';
  return [today, clockSaw, order.penaltyThrough ?? ''].reduce((latest, date) => (date > latest ? date : latest));
}

/** What is owed today (as `orderToday` counts it): every installment due by then, plus the late charges. */
export function amountDueNow(order: OrderRow, installments: readonly InstallmentRow[], today: IsoDate): number {
  return owedNow(balanceOf(order, installments), orderToday(order, today));
}

/** The order's rows on its details screen: identity, dates, money, and what is owed now. */
export function orderRows(
  language: Language,
  order: OrderRow,
  market: Market,
  installments: readonly InstallmentRow[],
  today: IsoDate,
): DetailRow[] {
  const t = texts(language);
  const amount = (minor: number) => (minor > 0 ? formatAmount(minor, market) : NONE);
  const date = (instant: Date | null) => (instant ? formatDate(instant, market) : '');
  const repaying = isRepaying(order.statusCode);
  return [
    { text: t('row.orderNo'), value: order.orderNo },
    { text: t('row.appliedOn'), value: date(order.createdAt) },
    { text: t('row.amount'), value: amount(order.principalMinor) },
    { text: t('row.giveAmount'), value: amount(order.disbursalMinor) },
    { text: t('row.total'), value: amount(order.totalRepayableMinor) },
    { text: t('row.term'), value: t('row.termValue', { days: order.termDays }) },
    { text: t('row.disbursedOn'), value: date(order.disbursedAt) },
    { text: t('row.nextDue'), value: repaying ? (order.dueDate ?? '') : '' },
    { text: t('row.lateChargesOwed'), value: amount(order.penaltyMinor - order.penaltyPaidMinor) },
    { text: t('row.amountDue'), value: repaying ? amount(amountDueNow(order, installments, today)) : NONE },
    { text: t('row.settledOn'), value: date(order.settledAt) },
  ];
}
