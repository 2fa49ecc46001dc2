/**
 * The book's health (docs/decisions/247): portfolio at risk, vintage curves, roll rates, collections
 * efficiency and promises kept by agent, per market, each worked out in grouped statements by the
 * modules that own the rows (orders, collections, payments) and put together here. Owns no table.
 */
export { collectionsEfficiency, portfolioAtRisk, promisesKept, rollRates, vintageCurves } from './book-health-service';
export { bookHealthRoutes } from './book-health-routes';
