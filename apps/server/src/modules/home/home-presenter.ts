import type { BorrowBlock, HomeProduct, HomeResponse, Language, PriceSummary, ProductDetailResponse } from '@lend/contracts';
import { formatAnnualRate, formatRatePercent, MARKET_SETTINGS } from '@lend/domain';
import { confirmUrl, presentLoanConfirm, type Confirmation, type ProductStanding } from '../orders';
import { annualCostLine } from '../products';
import type { BorrowBlockValue, HomeValues, ProductOnHome } from './home-service';
import { blockText } from './home-texts';

function presentBlock(block: BorrowBlockValue, language: Language): BorrowBlock {
  return {
    reason: block.reason,
    message: blockText(language, block.reason, { orderNo: block.orderNo, until: block.until ?? '' }),
    until: block.until,
    orderNo: block.orderNo,
  };
}

/** The priced offer's figures, the annual cost as the confirmation words it. */
function priceSummary({ product, quote }: Extract<ProductStanding, { kind: 'open' }>, language: Language): PriceSummary {
  const { price, cost } = quote;
  return {
    principalMinor: price.principalMinor,
    disbursalMinor: price.disbursalMinor,
    totalRepayableMinor: price.totalRepayableMinor,
    termDays: price.termDays,
    periods: price.periods,
    dailyRate: formatRatePercent(product.pricing.interestPerDayPpm),
    annualCost: { kind: cost.kind, rate: formatAnnualRate(cost.rate), text: annualCostLine(language, cost) },
  };
}

export function presentHomeProduct({ product, market, standing, block }: ProductOnHome, language: Language): HomeProduct {
  const open = block === null && standing.kind === 'open' ? standing : null;
  const { pricing } = product;
  return {
    productId: product.id,
    name: product.name,
    logoUrl: product.logoUrl,
    market,
    currency: MARKET_SETTINGS[market].currency,
    borrow: open && {
      amount: { minMinor: pricing.minAmountMinor, maxMinor: Math.min(pricing.maxAmountMinor, open.ceilingMinor), offeredMinor: open.quote.price.principalMinor },
      term: { minDays: pricing.minTermDays, maxDays: pricing.maxTermDays, offeredDays: open.quote.price.termDays, periods: pricing.periods },
      price: priceSummary(open, language),
    },
    blocked: block && presentBlock(block, language),
    confirmUrl: open ? confirmUrl(product.id) : '',
  };
}

export function presentHome({ market, blocked, products }: HomeValues, language: Language): HomeResponse {
  const items = products.map((item) => presentHomeProduct(item, language));
  return {
    market,
    currency: MARKET_SETTINGS[market].currency,
    maxAvailableMinor: Math.max(0, ...items.map((item) => item.borrow?.amount.offeredMinor ?? 0)),
    blocked: blocked && presentBlock(blocked, language),
    products: items,
  };
}

export function presentProductDetail(detail: { item: ProductOnHome; confirmation: Confirmation | null }, language: Language): ProductDetailResponse {
  return {
    product: presentHomeProduct(detail.item, language),
    confirmation: detail.confirmation && presentLoanConfirm(detail.confirmation, language),
  };
}
