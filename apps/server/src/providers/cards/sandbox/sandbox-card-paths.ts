/** The sandbox provider's name: the webhook path (`/webhooks/payments/sandbox-card`) and our rows carry it. */
export const SANDBOX_CARD_PROVIDER_NAME = 'sandbox-card';

/**
 * The public key the browser sends with a card; public by nature, as a real provider's is. The
 * sandbox plays one account per market, as the real providers are (Stripe in Mexico, Razorpay in
 * India): the key names the account, and the account's market the banks its test cards come from.
 */
export const SANDBOX_PUBLISHABLE_KEYS = { MX: 'pk_sandbox_lend', IN: 'pk_sandbox_lend_in' } as const;
/** Mexico's account, the one a caller that names no market uses. */
export const SANDBOX_PUBLISHABLE_KEY = SANDBOX_PUBLISHABLE_KEYS.MX;

/** Where the sandbox provider's own pages live: it has no address of its own, so ours serves them. */
export const SANDBOX_CARD_BASE = '/sandbox/card-provider';

export const SandboxCardPath = {
  tokens: `${SANDBOX_CARD_BASE}/tokens`,
  checkout: (checkoutId: string) => `${SANDBOX_CARD_BASE}/checkout/${encodeURIComponent(checkoutId)}`,
  checkoutStyle: `${SANDBOX_CARD_BASE}/checkout.css`,
} as const;
