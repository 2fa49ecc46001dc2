import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { CardProviderUnavailableError, type CardProvider, type RedirectPaymentProvider } from './card-provider';
import { SandboxCardProvider } from './sandbox/sandbox-card-provider';
import { sandboxCardProviderRoutes } from './sandbox/sandbox-card-routes';
import { SandboxRedirectProvider, type NotificationDelivery } from './sandbox/sandbox-redirect-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured card provider and its redirect checkout, for the modules that take card payments. */
    cardProviders: { card: CardProvider; redirect: RedirectPaymentProvider };
  }
}

export type CardProviderName = 'sandbox' | 'disabled';

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
  tokenizeForm: noCardPayments,
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
};

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

/** The card provider CARD_PAYMENT_PROVIDER names; a real one joins the switch when one is contracted. */
export function createCardProvider(name: CardProviderName, deps: CardProviderDeps): CardProvider {
  switch (name) {
    case 'sandbox':
      return sandboxCards(deps);
    case 'disabled':
      return disabledCards;
  }
}

/** The redirect checkout of the same provider. */
export function createRedirectProvider(name: CardProviderName, deps: CardProviderDeps): RedirectPaymentProvider {
  switch (name) {
    case 'sandbox':
      return sandboxCheckout(deps);
    case 'disabled':
      return disabledCheckout;
  }
}

/**
 * The provider's own addresses our server serves: the sandbox's tokenisation and checkout pages
 * (it has no domain of its own); none for a real provider. The sandbox keeps its state in its
 * tables only, so these instances and the ones above are the same provider.
 */
export function cardProviderRoutes(name: CardProviderName, deps: CardProviderDeps): FastifyPluginAsyncZod | null {
  switch (name) {
    case 'sandbox':
      return sandboxCardProviderRoutes({ cards: sandboxCards(deps), checkout: sandboxCheckout(deps) });
    case 'disabled':
      return null;
  }
}
