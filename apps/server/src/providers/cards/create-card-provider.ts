import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { CardProviderUnavailableError, type CardProvider, type RedirectPaymentProvider } from './card-provider';
import { SandboxCardProvider } from './sandbox/sandbox-card-provider';
import { sandboxCardProviderRoutes } from './sandbox/sandbox-card-routes';
import { SandboxRedirectProvider, type NotificationDelivery } from './sandbox/sandbox-redirect-provider';
import type { NotificationReader } from './redirect-notification';
import type { StripeCardConfig } from './stripe/stripe-card-config';
import { StripeCardProvider } from './stripe/stripe-card-provider';
import { readStripeCheckoutEvent, StripeCheckoutProvider } from './stripe/stripe-checkout-provider';
import { createStripeClient } from '../stripe-client';
import type { CardProviderName } from './card-provider-names';
import { CardRails } from './card-rails';
import type { Market } from '@lend/domain';
import { createRazorpayClient } from '../payments/razorpay-cash-payments';
import type { RazorpayConfig } from '../payments/razorpay-config';
import type { RazorpayCardSettings } from './razorpay/razorpay-card-config';
import {
  RazorpayCardProvider,
  RazorpayCheckoutProvider,
  razorpayReturnSchema,
  readRazorpayCardEvent,
  returnSignedByRazorpay,
} from './razorpay/razorpay-checkout-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The configured card providers, for the modules that take card payments: each market's
     * (`rails`), and Mexico's pair as `card` and `redirect` (docs/decisions/124).
     */
    cardProviders: { card: CardProvider; redirect: RedirectPaymentProvider; rails: CardRails };
  }
}

export type { CardProviderName } from './card-provider-names';

/** What a disabled provider answers every request that would reach a card network. */
function noCardPayments(): never {
  throw new CardProviderUnavailableError('card payments are disabled (CARD_PAYMENT_PROVIDER=disabled)');
}

/**
 * No card payments until a real provider is configured (docs/decisions/111). The borrower's card
 * calls are refused before they reach it (app.ts); these stand in for the jobs that settle
 * repayments, which find none.
 */
const disabledCards: CardProvider = {
  name: 'disabled',
  cardEntry: async () => noCardPayments(),
  tokenDetails: async () => noCardPayments(),
  charge: async () => noCardPayments(),
  findCharge: async () => null,
};

const disabledCheckout: RedirectPaymentProvider = {
  name: 'disabled',
  createCheckout: async () => noCardPayments(),
  findCheckout: async () => null,
};

export type CardProviderDeps = {
  db: Db;
  now: () => Date;
  /** CARD_SANDBOX_LATENCY_MS: the sandbox's answer time, and its wait between notification retries. */
  sandboxLatencyMs: number;
  /** CARD_PAYMENT_WEBHOOK_SECRET: what the provider's notifications are signed with. */
  webhookSecret: string;
  /** How the provider's notifications reach our webhook. */
  deliver: NotificationDelivery;
  log: FastifyBaseLogger;
  /** Stripe's settings, when a market's card provider is stripe. */
  stripe: StripeCardConfig | undefined;
  /** Razorpay's key and webhook secret and its card settings, when India's card provider is razorpay (docs/decisions/124). */
  razorpay?: { account: RazorpayConfig; cards: RazorpayCardSettings } | undefined;
};

function razorpaySettings(deps: CardProviderDeps): { account: RazorpayConfig; cards: RazorpayCardSettings } {
  if (!deps.razorpay) throw new Error('CARD_PAYMENT_PROVIDER_IN=razorpay needs the RAZORPAY_* settings');
  return deps.razorpay;
}

function razorpayCheckout(deps: CardProviderDeps): RazorpayCheckoutProvider {
  const settings = razorpaySettings(deps);
  return new RazorpayCheckoutProvider({ client: createRazorpayClient(settings.account), cards: settings.cards, now: deps.now });
}

function stripeSettings(deps: CardProviderDeps): StripeCardConfig {
  if (!deps.stripe) throw new Error('CARD_PAYMENT_PROVIDER=stripe needs the STRIPE_* settings');
  return deps.stripe;
}

function stripeCards(deps: CardProviderDeps): StripeCardProvider {
  const settings = stripeSettings(deps);
  return new StripeCardProvider({ client: createStripeClient(settings), publishableKey: settings.publishableKey, jsUrl: settings.jsUrl, now: deps.now });
}

function stripeCheckout(deps: CardProviderDeps): StripeCheckoutProvider {
  const settings = stripeSettings(deps);
  return new StripeCheckoutProvider({ client: createStripeClient(settings), returnOrigin: settings.returnOrigin, now: deps.now });
}

function sandboxCards(deps: CardProviderDeps): SandboxCardProvider {
  return new SandboxCardProvider({ db: deps.db, now: deps.now, latencyMs: deps.sandboxLatencyMs });
}

function sandboxCheckout(deps: CardProviderDeps): SandboxRedirectProvider {
  return new SandboxRedirectProvider({
    db: deps.db,
    now: deps.now,
    secret: deps.webhookSecret,
    deliver: deps.deliver,
    retryDelayMs: deps.sandboxLatencyMs,
    log: deps.log,
  });
}

/** The card provider CARD_PAYMENT_PROVIDER names. */
export function createCardProvider(name: CardProviderName, deps: CardProviderDeps): CardProvider {
  switch (name) {
    case 'sandbox':
      return sandboxCards(deps);
    case 'stripe':
      return stripeCards(deps);
    case 'razorpay':
      razorpaySettings(deps);
      return new RazorpayCardProvider();
    case 'disabled':
      return disabledCards;
  }
}

/** The redirect checkout of the same provider. */
export function createRedirectProvider(name: CardProviderName, deps: CardProviderDeps): RedirectPaymentProvider {
  switch (name) {
    case 'sandbox':
      return sandboxCheckout(deps);
    case 'stripe':
      return stripeCheckout(deps);
    case 'razorpay':
      return razorpayCheckout(deps);
    case 'disabled':
      return disabledCheckout;
  }
}

/**
 * The provider's own addresses our server serves: the sandbox's tokenisation and checkout pages
 * (it has no domain of its own); none for a real provider (Stripe's are its own). The sandbox keeps its state in its
 * tables only, so these instances and the ones above are the same provider.
 */
export function cardProviderRoutes(name: CardProviderName, deps: CardProviderDeps): FastifyPluginAsyncZod | null {
  switch (name) {
    case 'sandbox':
      return sandboxCardProviderRoutes({ cards: sandboxCards(deps), checkout: sandboxCheckout(deps) });
    case 'stripe':
    case 'razorpay':
    case 'disabled':
      return null;
  }
}

/**
 * How the provider's notifications are read at its webhook: Stripe's own signed events, Razorpay's
 * (with the borrower's signed return from its page); none for the sandbox, whose notifications are
 * signed like the cash webhooks (`Lend-Signature`).
 */
export function cardNotificationReader(name: CardProviderName, deps: CardProviderDeps): NotificationReader | undefined {
  if (name === 'razorpay') return razorpayReader(deps);
  if (name !== 'stripe') return undefined;
  const settings = stripeSettings(deps);
  const client = createStripeClient(settings);
  return {
    signatureHeader: 'stripe-signature',
    read: (raw, signature, now) => readStripeCheckoutEvent(client, raw, signature, settings.webhookSecret, now),
  };
}

function razorpayReader(deps: CardProviderDeps): NotificationReader {
  const { account } = razorpaySettings(deps);
  const checkout = razorpayCheckout(deps);
  return {
    signatureHeader: 'x-razorpay-signature',
    eventIdHeader: 'x-razorpay-event-id',
    read: (raw, signature, _now, eventId) => readRazorpayCardEvent(raw, signature, account.webhookSecret, eventId),
    readReturn: async (query) => {
      const parsed = razorpayReturnSchema.safeParse(query);
      if (!parsed.success) return { refused: 'invalid_event' };
      if (!returnSignedByRazorpay(parsed.data, account.keySecret)) return { refused: 'bad_signature' };
      if (parsed.data.razorpay_payment_link_status !== 'paid') return { notification: null };
      return { notification: await checkout.paidNotification(parsed.data.razorpay_payment_link_id, parsed.data.razorpay_payment_id) };
    },
  };
}

/** A market's provider pair as built at start: the redirect checkout always present (a disabled one refuses). */
export type BuiltCards = { card: CardProvider; redirect: RedirectPaymentProvider };

/**
 * Each market's card provider and checkout (docs/decisions/124), one instance per provider name so
 * two markets on the same provider share it; `overrides` (tests) stand in for every market's.
 */
export function createCardRails(
  names: Record<Market, CardProviderName>,
  deps: CardProviderDeps,
  overrides: { card?: CardProvider | undefined; redirect?: RedirectPaymentProvider | undefined } = {},
): { rails: CardRails; markets: Record<Market, BuiltCards> } {
  const built = new Map<CardProviderName, BuiltCards>();
  const pairOf = (name: CardProviderName): BuiltCards => {
    const known = built.get(name);
    if (known) return known;
    const pair = { card: overrides.card ?? createCardProvider(name, deps), redirect: overrides.redirect ?? createRedirectProvider(name, deps) };
    built.set(name, pair);
    return pair;
  };
  const markets = { MX: pairOf(names.MX), IN: pairOf(names.IN) };
  return { rails: new CardRails(markets), markets };
}
