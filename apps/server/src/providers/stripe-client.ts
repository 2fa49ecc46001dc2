import Stripe from 'stripe';

/** Stripe's public API address; STRIPE_API_BASE_URL replaces it (a test stand-in, a proxy). */
export const STRIPE_API_BASE_URL = 'https://api.stripe.com';

/** What every Stripe client of ours is built from, whichever payments it takes. */
export type StripeClientConfig = {
  secretKey: string;
  /** `https://api.stripe.com` unless STRIPE_API_BASE_URL says otherwise; only its protocol, host and port count. */
  apiBaseUrl: string;
  /** How long one request may take before it is given up as a timeout. */
  timeoutMs: number;
};

/** `http(s)://host[:port]`, the shape STRIPE_API_BASE_URL must have; undefined for anything else. */
export function parseStripeApiBaseUrl(value: string): { protocol: 'http' | 'https'; host: string; port: number } | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) return undefined;
  if (url.pathname !== '/' && url.pathname !== '') return undefined;
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
}

/**
 * A Stripe client aimed at the configured address. Retries are left to us: a charge that may have
 * happened is looked up by its idempotency key rather than sent again blindly (docs/decisions/117).
 */
export function createStripeClient(config: StripeClientConfig): Stripe {
  const address = parseStripeApiBaseUrl(config.apiBaseUrl);
  if (!address) throw new Error('STRIPE_API_BASE_URL must be an http:// or https:// address with no path');
  return new Stripe(config.secretKey, {
    ...address,
    timeout: config.timeoutMs,
    maxNetworkRetries: 0,
    telemetry: false,
    appInfo: { name: 'lend' },
  });
}
