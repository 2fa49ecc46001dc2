import type { BorrowerPayments, BorrowerReceipt, Language } from '@lend/contracts';
import { formatAmount, formatDate, type AllocationLine, type Market } from '@lend/domain';
import { CARD_CHANNEL, CARD_PAGE_CHANNEL, type OrderReceipts } from './borrower-payment-service';
import { closingStatement } from './closing-statement';
import type { PaymentRow } from './payment-repository';
import { paymentText, type PaymentTextKey } from './payment-texts';

function lineText(language: Language, market: Market, line: AllocationLine): string {
  if (line.component === 'lateCharges' || line.seq === null) return paymentText(language, 'receipt.line.lateCharges');
  const key: PaymentTextKey =
    line.component === 'tax' ? (market === 'IN' ? 'receipt.line.taxIn' : 'receipt.line.tax') : line.component === 'interest' ? 'receipt.line.interest' : 'receipt.line.principal';
  return paymentText(language, key, { seq: line.seq });
}

/**
 * Where the money came in: an operator's record is a transfer to the lender's own account; a card
 * charge names its card by its last four digits, as the borrower knows it (docs/decisions/234).
 */
function channelText(language: Language, payment: PaymentRow, view: Pick<OrderReceipts, 'channelNames' | 'paymentCards'>): string {
  if (payment.provider === 'manual') return paymentText(language, 'receipt.channel.transfer');
  if (payment.channelCode === CARD_CHANNEL || payment.channelCode === CARD_PAGE_CHANNEL) {
    const last4 = view.paymentCards.get(payment.id);
    return last4 ? paymentText(language, 'receipt.channel.cardEnding', { last4 }) : paymentText(language, 'receipt.channel.card');
  }
  return view.channelNames.get(payment.channelCode) ?? paymentText(language, 'receipt.channel.other');
}

/** One receipt as the borrower reads it: what each part paid, then what was still owed. */
function receiptView(language: Language, market: Market, payment: PaymentRow, view: Pick<OrderReceipts, 'channelNames' | 'paymentCards'>): BorrowerReceipt {
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
    channel: channelText(language, payment, view),
    rows,
    balanceAfterMinor: payment.balanceAfterMinor,
    balanceAfter: amount(payment.balanceAfterMinor),
  };
}

export function borrowerPaymentsView(language: Language, view: OrderReceipts): BorrowerPayments {
  const { order, market, payments } = view;
  const settledOn = order.settledAt ? formatDate(order.settledAt, market) : null;
  return {
    orderNo: order.orderNo,
    market,
    receipts: payments.map((payment) => receiptView(language, market, payment, view)),
    settledOn,
    settledText: settledOn ? paymentText(language, 'payments.settled', { date: settledOn }) : '',
    closingStatement: settledOn ? closingStatement(language, market, { orderNo: order.orderNo, settledOn, payments }) : '',
    emptyText: payments.length === 0 ? paymentText(language, 'payments.empty') : '',
  };
}
