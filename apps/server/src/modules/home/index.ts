/**
 * Home: the native app's home page and product calls. What the borrower may borrow on each
 * product of their own market now, or why not, worked out by the orders module's confirmation
 * rule and the products module's pricing. Owns no table.
 */
export { homeRoutes, type HomeRouteOptions } from './home-routes';
export type { BorrowerGate, BorrowBlockValue } from './home-service';
