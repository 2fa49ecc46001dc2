export * from './allocation';
export * from './annual-cost';
export * from './balance';
export * from './dates';
export * from './extension-offer';
export * from './format';
export * from './loan-rules';
export * from './market';
export * from './money';
export * from './order-status';
export * from './payoff';
export * from './pricing';
export * from './ledger';

// ---- borrower identity (docs/decisions/135) ----
export * from './identity';
