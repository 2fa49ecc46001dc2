/**
 * The sandbox settings of every server the browser tests run against. The sandbox card provider
 * answers at once, as in the API tests: no page waits on its made-up round trip. The sandbox bank
 * pays a payout only when a test tells it to (an hour is longer than any run): paying by itself
 * after its demo delay, it would race a test that rejects the payout.
 */
export const E2E_SANDBOXES = { CARD_SANDBOX_LATENCY_MS: '0', PAYOUT_SANDBOX_SETTLE_MS: '3600000' };
