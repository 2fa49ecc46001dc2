import { ErrorCode, type Language, type LoanConfirm } from '@lend/contracts';
import { formatAmount, formatDate, formatRatePercent, OPEN_STATUSES } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { draftContractUrl } from './loan-links';
import { annualCostLine, planDates, quoteLoan, type LoanQuote } from './loan-quote';
import { priceRows } from './loan-rows';
import { loanText } from './loan-texts';
import { acknowledgeOffer } from './offer-repository';
import { effectiveOffer, termsRefusal } from './offer-service';
import { findOrdersInStatus } from './order-repository';
import { findProduct } from './product-repository';

/**
 * The confirmation screen's view of the borrower's offer on a product: every amount, the plan
 * counted from today, the annual cost and the contract to read. `reload` is the refetch after
 * the countdown (isType=1): it marks a revised offer as seen.
 */
export async function loanConfirmView(
  db: Db,
  borrowerId: number,
  productId: number,
  options: { reload: boolean; language: Language; now?: Date },
): Promise<LoanConfirm> {
  const now = options.now ?? new Date();
  const { language } = options;
  const product = await findProduct(db, productId);
  if (!product) throw new AppError(ErrorCode.NoOffer);
  const offer = await effectiveOffer(db, borrowerId, product);
  if (offer.status === 'withdrawn') throw new AppError(ErrorCode.NoOffer);
  if ((await findOrdersInStatus(db, borrowerId, product.id, OPEN_STATUSES)).length > 0) {
    throw new AppError(ErrorCode.OrderInProgress);
  }
  let quote: LoanQuote;
  try {
    quote = quoteLoan(product, offer);
  } catch (error) {
    termsRefusal(error);
  }
  let announce = offer.needsNotice;
  if (announce && options.reload && offer.id !== null) {
    await acknowledgeOffer(db, offer.id, now);
    announce = false;
  }
  const dates = planDates(quote.plan, formatDate(now, quote.market));
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
