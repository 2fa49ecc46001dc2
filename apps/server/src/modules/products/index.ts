/**
 * Products: the loan products and their pricing, each borrower's offer on them, pricing an offer
 * (the quote and its plan) and the rows and rule texts that describe a loan's terms. Owns
 * products and loan_offers.
 */
export { RememberedProducts } from './remembered-products';
export { productMarket, quoteLoan, type LoanQuote, type LoanTerms } from './loan-quote';
export { earlyRepaymentDay, lateChargeCapMinor, lateFeeAmounts, lateInterestTiersText } from './loan-rules-texts';
export { loanText } from './loan-texts';
export { saveOfferDecision } from './offer-repository';
export { effectiveOffer, offerSeen, termsRefusal, type EffectiveOffer } from './offer-service';
export { operatorProductRoutes } from './operator-product-routes';
export { annualCostLine, annualInterestPpm, NO_VALUE, priceRows } from './price-rows';
export type { ProductRow } from './product-repository';
export { borrowerMarket, inBorrowerMarket, refuseOtherMarket } from './product-market';
export { productToConfigure } from './product-config-service';
export { allProducts, collectionsPolicyOf, marketProductIds, marketProducts, productById, productsByIds } from './product-service';
