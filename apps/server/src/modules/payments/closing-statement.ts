import type { Language } from '@lend/contracts';
import { formatAmount, type Market } from '@lend/domain';
import type { PaymentRow } from './payment-repository';
import { paymentText, type PaymentTextKey } from './payment-texts';

type Totals = { principal: number; interest: number; tax: number; lateCharges: number; extensionFee: number; rebate: number; credit: number; paid: number };

function totalsOf(payments: readonly PaymentRow[]): Totals {
  const totals: Totals = { principal: 0, interest: 0, tax: 0, lateCharges: 0, extensionFee: 0, rebate: 0, credit: 0, paid: 0 };
  for (const payment of payments) {
    for (const line of payment.allocation) totals[line.component] += line.amountMinor;
    totals.extensionFee += payment.extensionFeeMinor;
    totals.rebate += payment.rebateMinor;
    totals.credit += payment.creditMinor;
    totals.paid += payment.amountMinor;
  }
  return totals;
}

/**
 * The settled loan's closing statement: when it closed, what the payments added up to and what
 * they paid, the early-repayment rebate and any credit. Every figure is a sum of the receipts.
 */
export function closingStatement(language: Language, market: Market, view: { orderNo: string; settledOn: string; payments: readonly PaymentRow[] }): string {
  const t = (key: PaymentTextKey, values: Record<string, string | number> = {}) => paymentText(language, key, values);
  const amount = (minor: number) => formatAmount(minor, market);
  const totals = totalsOf(view.payments);
  const parts: [PaymentTextKey, number][] = [
    ['closing.part.principal', totals.principal],
    ['closing.part.interest', totals.interest],
    [market === 'IN' ? 'closing.part.taxIn' : 'closing.part.tax', totals.tax],
    ['closing.part.lateCharges', totals.lateCharges],
    ['closing.part.extensionFee', totals.extensionFee],
  ];
  const paidParts = parts.filter(([, minor]) => minor > 0).map(([key, minor]) => t(key, { amount: amount(minor) }));
  return [
    t('closing.opening', { orderNo: view.orderNo, date: view.settledOn }),
    ...(view.payments.length > 0 ? [t('closing.paid', { total: amount(totals.paid), count: view.payments.length, parts: paidParts.join(', ') })] : []),
    ...(totals.rebate > 0 ? [t('closing.rebate', { amount: amount(totals.rebate) })] : []),
    ...(totals.credit > 0 ? [t('closing.credit', { amount: amount(totals.credit) })] : []),
    t('closing.end'),
  ].join(' ');
}
