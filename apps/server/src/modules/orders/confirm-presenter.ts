import type { Language, LoanConfirm } from '@lend/contracts';
import { formatAmount, formatRatePercent } from '@lend/domain';
import { annualCostLine, loanText, priceRows } from '../products';
import type { Confirmation } from './confirm-service';
import { draftContractUrl } from './loan-links';

/** The confirmation screen in the borrower's language: every amount, the plan, the annual cost and the contract to read. */
export function presentLoanConfirm({ product, quote, dates, announce }: Confirmation, language: Language): LoanConfirm {
  const { price } = quote;
  return {
    productId: product.id,
    market: quote.market,
    firstPayTime: dates[0] ?? '',
    amount: price.principalMinor,
    giveAmount: price.disbursalMinor,
    periods: price.periods,
    termUnit: price.periodDays,
    termDays: price.termDays,
    isNeedPop: announce ? 1 : 0,
    sendSms: 0,
    details: priceRows(language, product, quote),
    repay_plans: quote.plan.map((installment, index) => ({ amount: installment.amountMinor, pay_time: dates[index] ?? '' })),
    loanRate: formatRatePercent(product.pricing.interestPerDayPpm),
    ratemsg: annualCostLine(language, quote.cost),
    amountDec: announce
      ? loanText(language, 'offer.revised', { amount: formatAmount(price.principalMinor, quote.market), days: price.termDays })
      : '',
    isNewContract: draftContractUrl(product.id),
    messageType: announce ? 1 : 0,
    comProductLogo: product.logoUrl,
    comProductName: product.name,
    couNum: price.discountMinor,
  };
}
