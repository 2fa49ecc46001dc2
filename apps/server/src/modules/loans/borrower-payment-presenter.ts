import type { BorrowerPayments, BorrowerPayoff, BorrowerReceipt, Language } from '@lend/contracts';
import { formatAmount, formatDate, formatRatePercent, LOAN_RULES, type AllocationLine, type Market } from '@lend/domain';
import type { OrderReceipts } from './borrower-payment-service';
import { closingStatement } from './closing-statement';
import type { PaymentRow } from './payment-repository';
import { paymentText, type PaymentTextKey } from './payment-texts';
import type { PayoffSituation } from './payoff-service';

function lineText(language: Language, market: Market, line: AllocationLine): string {
  if (line.component === 'lateCharges' || line.seq === null) return paymentText(language, 'receipt.line.lateCharges');
  const key: PaymentTextKey =
    line.component === 'tax' ? (market === 'IN' ? 'receipt.line.taxIn' : 'receipt.line.tax') : line.component === 'interest' ? 'receipt.line.interest' : 'receipt.line.principal';
  return paymentText(language, key, { seq: line.seq });
}

/** Where the money came in: an operator's record is a transfer to the lender's own account. */
function channelText(language: Language, payment: PaymentRow, channelNames: ReadonlyMap<string, string>): string {
  if (payment.provider === 'manual') return paymentText(language, 'receipt.channel.transfer');
  return channelNames.get(payment.channelCode) ?? paymentText(language, 'receipt.channel.other');
}

/** One receipt as the borrower reads it: what each part paid, then what was still owed. */
function receiptView(language: Language, market: Market, payment: PaymentRow, channelNames: ReadonlyMap<string, string>): BorrowerReceipt {
  const amount = (minor: number) => formatAmount(minor, market);
  const t = (key: PaymentTextKey) => paymentText(language, key);
  const rows = [
    ...(payment.extensionFeeMinor > 0 ? [{ text: t('receipt.line.extensionFee'), value: amount(payment.extensionFeeMinor) }] : []),
    ...payment.allocation.map((line) => ({ text: lineText(language, market, line), value: amount(line.amountMinor) })),
    ...(payment.rebateMinor > 0 ? [{ text: t('receipt.line.rebate'), value: amount(payment.rebateMinor) }] : []),
    ...(payment.creditMinor > 0 ? [{ text: t('receipt.line.credit'), value: amount(payment.creditMinor) }] : []),
    { text: t('receipt.line.balanceAfter'), value: amount(payment.balanceAfterMinor) },
  ];
  return {
    receiptNo: payment.receiptNo,
    paidOn: formatDate(payment.paidAt, market),
    amountMinor: payment.amountMinor,
    title: paymentText(language, payment.purpose === 'extension' ? 'receipt.title.extension' : 'receipt.title.repayment', { amount: amount(payment.amountMinor) }),
    channel: channelText(language, payment, channelNames),
    rows,
    balanceAfterMinor: payment.balanceAfterMinor,
    balanceAfter: amount(payment.balanceAfterMinor),
  };
}

export function borrowerPaymentsView(language: Language, view: OrderReceipts): BorrowerPayments {
  const { order, market, payments, channelNames } = view;
  const settledOn = order.settledAt ? formatDate(order.settledAt, market) : null;
  return {
    orderNo: order.orderNo,
    market,
    receipts: payments.map((payment) => receiptView(language, market, payment, channelNames)),
    settledOn,
    settledText: settledOn ? paymentText(language, 'payments.settled', { date: settledOn }) : '',
    closingStatement: settledOn ? closingStatement(language, market, { orderNo: order.orderNo, settledOn, payments }) : '',
    emptyText: payments.length === 0 ? paymentText(language, 'payments.empty') : '',
  };
}

/** Why early repayment must wait, in the words of the market's rule. */
function notYetText(language: Language, market: Market, reason: 'beforeShareOfTerm' | 'tooSoonAfterPayout', date: string): string {
  const rule = LOAN_RULES[market].earlyRepayment;
  if (rule.kind === 'anyTime') return '';
  return reason === 'beforeShareOfTerm'
    ? paymentText(language, 'payoff.beforeShareOfTerm', { date, share: formatRatePercent(rule.termSharePpm) })
    : paymentText(language, 'payoff.tooSoonAfterPayout', { date, days: rule.minDaysFromDisbursal });
}

export function borrowerPayoffView(language: Language, situation: PayoffSituation): BorrowerPayoff {
  const { order, market, today, outstandingMinor, quote } = situation;
  const amount = (minor: number) => formatAmount(minor, market);
  const t = (key: PaymentTextKey, values?: Record<string, string | number>) => paymentText(language, key, values);
  const base = { orderNo: order.orderNo, market, today, status: order.statusCode, outstandingMinor, title: t('payoff.title') };
  if (!quote.allowed) {
    return {
      ...base,
      allowed: false,
      payoffMinor: null,
      rebateMinor: 0,
      allowedFrom: quote.allowedFrom,
      reason: quote.reason,
      message: notYetText(language, market, quote.reason, quote.allowedFrom),
      rows: [
        { text: t('payoff.row.outstanding'), value: amount(outstandingMinor) },
        { text: t('payoff.row.allowedFrom'), value: quote.allowedFrom },
      ],
    };
  }
  return {
    ...base,
    allowed: true,
    payoffMinor: quote.payoffMinor,
    rebateMinor: quote.rebateMinor,
    allowedFrom: null,
    reason: null,
    ...allowedPayoffTexts(language, market, { ...quote, outstandingMinor }),
  };
}

/** An allowed payoff in the borrower's words: what it settles and what is taken off. */
export function allowedPayoffTexts(
  language: Language,
  market: Market,
  payoff: { payoffMinor: number; rebateMinor: number; outstandingMinor: number },
): { message: string; rows: { text: string; value: string }[] } {
  const amount = (minor: number) => formatAmount(minor, market);
  const t = (key: PaymentTextKey, values?: Record<string, string | number>) => paymentText(language, key, values);
  const values = { amount: amount(payoff.payoffMinor), rebate: amount(payoff.rebateMinor) };
  return {
    message: t(payoff.rebateMinor > 0 ? 'payoff.allowedRebate' : 'payoff.allowed', values),
    rows: [
      { text: t('payoff.row.outstanding'), value: amount(payoff.outstandingMinor) },
      ...(payoff.rebateMinor > 0 ? [{ text: t('payoff.row.rebate'), value: amount(-payoff.rebateMinor) }] : []),
      { text: t('payoff.row.payoff'), value: amount(payoff.payoffMinor) },
    ],
  };
}
