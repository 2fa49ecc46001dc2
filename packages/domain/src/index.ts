export * from './annual-cost';
export * from './dates';
export * from './format';
export * from './market';
export * from './money';
export * from './order-status';
export * from './pricing';
