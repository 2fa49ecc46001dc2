// Types for e2e-sandboxes.mjs, which the browser tests' set-up imports.
export declare const E2E_SANDBOXES: Readonly<Record<'CARD_SANDBOX_LATENCY_MS' | 'PAYOUT_SANDBOX_SETTLE_MS', string>>;
