import { LoanStatus, type DetailRow, type Language } from '@lend/contracts';
import { formatAmount, formatDate, formatRatePercent, REPAYING_STATUSES, type IsoDate, type Market } from '@lend/domain';
import type { InstallmentRow } from './installment-repository';
import type { LoanQuote } from './loan-quote';
import { loanText, type LoanTextKey } from './loan-texts';
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
    { text: t('row.penalty'), value: t('row.penaltyValue', { rate: formatRatePercent(pricing.overduePenaltyPerDayPpm) }) },
  ];
}

function unpaid(installment: InstallmentRow): number {
  return installment.amountMinor - installment.paidMinor;
}

/**
 * What is owed today: every installment due by today, plus the late charges. "Today" is never
 * earlier than what the clock job has already acted on (an operator may run it as of a later day).
 */
export function amountDueNow(order: OrderRow, installments: readonly InstallmentRow[], today: IsoDate): number {
  const clockSaw = order.statusCode === LoanStatus.Due || order.statusCode === LoanStatus.Overdue ? (order.dueDate ?? '') : '';
  const asOf = [today, clockSaw, order.penaltyThrough ?? ''].reduce((latest, date) => (date > latest ? date : latest));
  const due = installments.filter((i) => i.dueDate !== null && i.dueDate <= asOf).reduce((sum, i) => sum + unpaid(i), 0);
  return due + order.penaltyMinor;
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
  const repaying = (REPAYING_STATUSES as readonly number[]).includes(order.statusCode);
  return [
    { text: t('row.orderNo'), value: order.orderNo },
    { text: t('row.appliedOn'), value: date(order.createdAt) },
    { text: t('row.amount'), value: amount(order.principalMinor) },
    { text: t('row.giveAmount'), value: amount(order.disbursalMinor) },
    { text: t('row.total'), value: amount(order.totalRepayableMinor) },
    { text: t('row.term'), value: t('row.termValue', { days: order.termDays }) },
    { text: t('row.disbursedOn'), value: date(order.disbursedAt) },
    { text: t('row.nextDue'), value: repaying ? (order.dueDate ?? '') : '' },
    { text: t('row.penaltyAccrued'), value: amount(order.penaltyMinor) },
    { text: t('row.amountDue'), value: repaying ? amount(amountDueNow(order, installments, today)) : NONE },
    { text: t('row.settledOn'), value: date(order.settledAt) },
  ];
}
