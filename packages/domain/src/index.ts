export * from './format';
export * from './market';
export * from './money';
export * from './pricing';
