/**
 * The order clock: in each market's own date, moves repaying orders to due and overdue and
 * accrues their late charges (docs/decisions/069, 146), as a periodic job and on an operator's
 * call; leaves alone the orders it is told are held (docs/decisions/224). Owns no table: it changes orders through the orders module.
 */
export { ORDER_CLOCK_INTERVAL_MS, orderClockJob, sweepOrders, SWEEP_BATCH_SIZE, type HeldOrders } from './order-clock';
export { orderClockRoutes } from './order-clock-routes';
