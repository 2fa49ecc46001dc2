import { LoanStatus, loanStatusText, type DetailRow, type Language, type LoanDetails } from '@lend/contracts';
import { daysPastDue, formatAmount, formatDate, installmentRemaining, isRepaying, type IsoDate, type Market } from '@lend/domain';
import { amountDueNow, balanceOf, cardPayUrl, contractUrl, keyFactsUrl, paymentsUrl, productRepayUrl, type InstallmentRow, type OrderDetails, type OrderRow } from '../orders';
import { loanText, NO_VALUE } from '../products';

/**
 * What of the order is late and since when, as of today (docs/decisions/242): the date of the
 * oldest installment still owed once passed, and the days since; '' when nothing is late.
 */
function lateSince(order: OrderRow, installments: readonly InstallmentRow[], today: IsoDate, language: Language): string {
  if (!isRepaying(order.statusCode)) return '';
  const owed = balanceOf(order, installments).installments.map((i) => ({ dueDate: i.dueDate, unpaidMinor: installmentRemaining(i) }));
  const days = daysPastDue(owed, today);
  if (days === 0) return '';
  const oldest = owed.filter((i) => i.unpaidMinor > 0 && i.dueDate < today).map((i) => i.dueDate).sort()[0] ?? '';
  return loanText(language, 'row.lateSinceValue', { date: oldest, days: String(days) });
}

/** The order's rows on its details screen: identity, dates, money, and what is owed now. */
export function orderRows(language: Language, order: OrderRow, market: Market, installments: readonly InstallmentRow[], today: IsoDate): DetailRow[] {
  const t = (key: Parameters<typeof loanText>[1], values?: Parameters<typeof loanText>[2]) => loanText(language, key, values);
  const amount = (minor: number) => (minor > 0 ? formatAmount(minor, market) : NO_VALUE);
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
    { text: t('row.lateSince'), value: lateSince(order, installments, today, language) },
    { text: t('row.lateChargesOwed'), value: amount(order.penaltyMinor - order.penaltyPaidMinor) },
    { text: t('row.amountDue'), value: repaying ? amount(amountDueNow(order, installments, today)) : NO_VALUE },
    { text: t('row.settledOn'), value: date(order.settledAt) },
    { text: t('row.credit'), value: order.creditMinor > 0 ? formatAmount(order.creditMinor, market) : '' },
  ];
}

const PAYOUT_NOTICE = { sending: 'payout.sending', 'check-account': 'payout.checkAccount', 'no-account': 'payout.noAccount' } as const;

/**
 * What the borrower reads of the payout (docs/decisions/152): the transfer's reference once paid
 * (SPEI tracking key, UTR), and while the order is being paid out where the money is going, or
 * that their account must be checked.
 */
function payoutText(details: OrderDetails, language: Language): { row: DetailRow | undefined; notice: string | undefined } {
  const { payout, market, order } = details;
  const last4 = payout?.accountLast4 ?? '';
  const row = payout?.transferRef ? { text: loanText(language, `row.transferRef.${market}`), value: payout.transferRef } : undefined;
  const key = payout && order.statusCode === LoanStatus.Disbursing && payout.state !== 'paid' && payout.state !== 'waiting' ? PAYOUT_NOTICE[payout.state] : undefined;
  return { row, notice: key ? loanText(language, key, { last4 }) : undefined };
}

/** The order details screen in the borrower's language: its status, rows and the actions open to it. */
export function presentLoanDetails(details: OrderDetails, language: Language, takesCards: (market: Market) => boolean = () => false): LoanDetails {
  const { order, product, market } = details;
  const status = loanStatusText(order.statusCode, language);
  const payout = payoutText(details, language);
  return {
    orderNo: order.orderNo,
    productId: product.id,
    market,
    orderStatus: order.statusCode,
    noticeStatusText: status.title,
    noticeDesText: payout.notice ?? status.description,
    productName: product.name,
    productLogo: product.logoUrl,
    userOrderDetail: { detail: [...orderRows(language, order, market, details.installments, details.today), ...(payout.row ? [payout.row] : [])] },
    inside: '1',
    isScore: details.canRate ? '1' : '0',
    h5Url: details.repaying ? productRepayUrl(product.repayUrl, order.orderNo, product.id) : '',
    isDelay: details.extensionAllowed ? '1' : '0',
    isNewContract: details.hasContract ? contractUrl(order.orderNo) : '',
    keyFactsUrl: details.hasKeyFacts ? keyFactsUrl(order.orderNo) : '',
    paymentsUrl: details.paidOut ? paymentsUrl(order.orderNo, product.id) : '',
    cardPayUrl: details.repaying && takesCards(market) ? cardPayUrl(order.orderNo, product.id) : '',
  };
}
