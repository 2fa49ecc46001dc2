/**
 * The back office's preview of the borrower's confirmation under a pricing not yet saved
 * (docs/decisions/177), priced, dated and worded by the orders' confirmation rule and presenter.
 * Owns no table.
 */
export { pricingPreviewRoutes } from './pricing-preview-routes';
