/**
 * Where the orders section lives in the hash location: the queue at the path, an order's page below
 * it. Kept here, not in the orders feature, because other sections link to an order's page.
 */
export const ORDERS_PATH = '/orders';
