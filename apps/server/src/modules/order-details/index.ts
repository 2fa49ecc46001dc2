/**
 * The borrower's order details screen: its route, its presenter, and the answers this process
 * remembers until the database tells of a change to the order (docs/decisions/099). Reads the
 * order through the orders module; owns no table.
 */
export { orderDetailsRoutes } from './order-details-routes';
export { RememberedDetailsAnswers } from './remembered-details-answers';
