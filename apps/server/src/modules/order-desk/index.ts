/**
 * The lender's desk for orders: the operator's order list and its steps (approve, reject), and
 * the order as the operator's tools show it (`orderSummary`). Owns no table: it reads and moves
 * orders through the orders module.
 */
export { operatorOrderRoutes } from './operator-order-routes';
export { operatorOrderPage, orderSummary, summaryProduct, type BorrowerNames } from './order-list';
