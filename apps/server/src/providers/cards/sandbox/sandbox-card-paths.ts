/** The sandbox provider's name: the webhook path (`/webhooks/payments/sandbox-card`) and our rows carry it. */
export const SANDBOX_CARD_PROVIDER_NAME = 'sandbox-card';

/** The public key the browser sends with a card; public by nature, as a real provider's is. */
export const SANDBOX_PUBLISHABLE_KEY = 'pk_sandbox_lend';

/** Where the sandbox provider's own pages live: it has no address of its own, so ours serves them. */
export const SANDBOX_CARD_BASE = '/sandbox/card-provider';

export const SandboxCardPath = {
  tokens: `${SANDBOX_CARD_BASE}/tokens`,
  checkout: (checkoutId: string) => `${SANDBOX_CARD_BASE}/checkout/${encodeURIComponent(checkoutId)}`,
  checkoutStyle: `${SANDBOX_CARD_BASE}/checkout.css`,
} as const;
