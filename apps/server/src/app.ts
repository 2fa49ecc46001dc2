import { resolve } from 'node:path';
import formBody from '@fastify/formbody';
import {
  CARD_REPAYMENT_BASE,
  Limits,
  MACHINE_BASE,
  OPERATOR_BASE,
  OperatorPath,
  PROMOTION_BASE,
  SITE_API_BASE,
  WEBHOOK_BASE,
  PAYOUT_WEBHOOK_BASE,
  ErrorCode,
  healthResponseSchema,
} from '@lend/contracts';
import type { HelmetOptions } from 'helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerLazyApiDocs } from './api-docs';
import type { Config } from './config';
import type { Database } from './db/client';
import { createCounterStore } from './counters/create-counter-store';
import { lazyChildLogger, LOG_OPTIONS } from './logging';
import { accountRoutes, loginRoutes, type AccountDeps } from './modules/account';
import { complaintOperatorRoutes, complaintRoutes, missingPaymentRoutes } from './modules/complaints';
import { previewRoutes } from './modules/dev';
import { DEMO_PREVIEW_BORROWERS } from './seed/demo-data';
import { privacyOperatorRoutes, privacyRoutes } from './modules/privacy';
import { contractParticulars, profileOperatorRoutes, profileRoutes, staffProfileNames } from './modules/profiles';
import { operatorBorrowerRoutes, operatorContactMessageRoutes, operatorSessionRoutes } from './modules/operator';
import { bookHealthRoutes } from './modules/book-health';
import { listExportRoutes } from './modules/list-exports';
import { jobRunOperatorRoutes } from './modules/job-runs';
import { staffNoteRoutes } from './modules/notes';
import { operatorAccess, staffRoutes, type StaffDeps } from './modules/staff';
import { contractOperatorRoutes, contractRoutes, recordAgreement } from './modules/contracts';
import { homeRoutes } from './modules/home';
import { creditLineForOrder, creditLineOf, creditOperatorRoutes, creditRoutes, decisionStandsForPayout, hasApplied, supersedeOnChangedFacts } from './modules/credit';
import { orderDetailsRoutes, RememberedDetailsAnswers } from './modules/order-details';
import { operatorOrderRoutes, type BorrowerNames } from './modules/order-desk';
import { orderRoutes, type OrderNumberSource } from './modules/orders';
import { pricingPreviewRoutes } from './modules/pricing-preview';
import { orderClockRoutes } from './modules/order-clock';
import { operatorPaymentRoutes, paidIntoOrderSince, paymentRoutes, paymentsAppliedSince, providerPaymentsBetween } from './modules/payments';
import { cashReconcileRoutes, cashWebhookRoutes, razorpayWebhookRoutes, stripeWebhookRoutes, type CashReconcileDeps } from './modules/payment-webhooks';
import { operatorRefundRoutes, refundRoutes } from './modules/refunds';
import { operatorSettlementRoutes } from './modules/settlement';
import {
  accountReplaced,
  borrowerPayoutOf,
  cancelForRejection,
  ordersWithParkedReversal,
  payoutCrashAt,
  payoutOperatorRoutes,
  payoutSettlementSources,
  payoutWebhookRoutes,
  queuePayout,
  releasesAccount,
  type PayoutDeps,
} from './modules/payouts';
import { sessionAuthenticator } from './modules/sessions';
import type { PayoutCrashPoint } from './providers/payouts/payout-config';
import { createPayoutRails, type PayoutRails } from './providers/payouts/payout-rails';
import type { PayoutNotificationDelivery } from './providers/payouts/sandbox/sandbox-payout-provider';
import { operatorProductRoutes, RememberedProducts } from './modules/products';
import { operatorPaymentChannelRoutes, operatorPaymentReferenceRoutes, repaymentRoutes } from './modules/repayment';
import { reminderOperatorRoutes } from './modules/reminders';
import { createCaptchaAnswers, createPromotionDeps, promotionOperatorRoutes, promotionRoutes } from './modules/promotion';
import { campaignOperatorRoutes } from './modules/promotion-campaigns';
import { lenderFactsRoutes, serviceContactsRoutes } from './modules/company';
import { agencyRoutes, borrowerCollectionRoutes, collectionLossRoutes, collectionMessageRoutes, collectionWorkRoutes, delinquencyRoutes } from './modules/collections';
import { cachedCompanyFacts, siteRoutes } from './modules/site';
import { borrowerAuth, callSession } from './plugins/borrower-auth';
import { DEFAULT_BORROWER_CAPS, requireBorrowerLimit, type BorrowerCaps } from './plugins/borrower-rate-limit';
import { errorHandler } from './plugins/error-handler';
import { noStore } from './plugins/no-store';
import { refuseForeignOrigins } from './plugins/foreign-origin';
import { securityHeaders } from './plugins/security-headers';
import { rateLimits } from './plugins/rate-limits';
import { requestLanguage } from './plugins/request-language';
import { metricsPlugin } from './plugins/metrics';
import { echoRequestId, requestIdGenerator } from './plugins/request-id';
import { openFileStorage } from './providers/storage/create-file-storage';
import type { FileStorage } from './providers/storage/storage';
import { type CashPaymentProvider } from './providers/payments/cash-payments';
import { cashWebhookName, createCashPaymentProviders, type CashPaymentProviders } from './providers/payments/create-cash-payment-provider';
import { serverRoot } from './server-root';
import { fastifyTrustProxy } from './trust-proxy';
import type { CardProvider, RedirectPaymentProvider } from './providers/cards/card-provider';
import { cardNotificationReader, cardProviderRoutes, createCardRails, type CardProviderDeps } from './providers/cards/create-card-provider';
import type { NotificationDelivery } from './providers/cards/sandbox/sandbox-redirect-provider';
import { createRefundRails, type RefundRails } from './providers/refunds/refund-rails';
import { SANDBOX_CARD_BASE } from './providers/cards/sandbox/sandbox-card-paths';
import { registerStaticSite } from './web/static-site';
import { cardReconcileRoutes, cardRepaymentRoutes, cardsOfPayments, cardWebhookRoutes, crashAt, type CardDeps } from './modules/card-repayment';
import { savedCardRoutes, testCardRoutes } from './modules/cards';
import { createSmsProvider } from './providers/sms/create-sms-provider';
import { AppError } from './errors';
import { registerReadiness } from './readiness';
import { twilioStatusRoutes } from './providers/sms/twilio-status-routes';

export type AppOptions = {
  config: Config;
  database: Database;
  operatorToken: string;
  logger?: FastifyServerOptions['logger'];
  /** The time rules run on (SMS and captcha lifetimes, limits); tests move it. */
  now?: () => Date;
  /** Where uploaded images go; what the configuration chooses (docs/decisions/107) unless a test gives its own. */
  storage?: FileStorage;
  /** The provider that issues cash-payment references in every market; tests give a stub. */
  cashPayments?: CashPaymentProvider;
  /** Draws new order numbers; tests give one that collides. */
  newOrderNo?: OrderNumberSource;
  /** Per-borrower caps on the borrower calls; tests that file many calls for one borrower raise them. */
  borrowerCaps?: BorrowerCaps;
  /** The card provider card repayments charge; tests may give their own. */
  cardProvider?: CardProvider;
  /** The redirect checkout provider; tests may give their own. */
  redirectProvider?: RedirectPaymentProvider;
  /** How the sandbox checkout's notifications reach us: this app itself, unless a test captures them. */
  cardNotificationDelivery?: NotificationDelivery;
  /** The providers' refunds and settlement reports; tests may add a source of their own. */
  refundRails?: RefundRails;
  /** Each market's payout provider; what the configuration chooses unless a test gives its own. */
  payoutRails?: PayoutRails;
  /** How the sandbox payout rail's notifications reach us: this app itself, unless a test captures them. */
  payoutNotificationDelivery?: PayoutNotificationDelivery;
  /** Test seam: where the payout sender stops as if the process died (it throws instead of killing the process). */
  payoutCrashAt?: (point: PayoutCrashPoint) => void;
};

/** Files the server serves itself under /media/: product, payment-channel and promotion images. */
const mediaDir = resolve(serverRoot, 'assets');

/** helmet's settings for every answer (plugins/security-headers.ts). */
export const SECURITY_HEADER_OPTIONS = {
  referrerPolicy: { policy: 'no-referrer' },
  contentSecurityPolicy: {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:'],
      // A page with inline scripts allows them by hash in its own answer (web/static-site.ts).
      'script-src': ["'self'"],
      'frame-ancestors': ["'self'"],
      // Served over plain HTTP in development and behind TLS termination in production.
      'upgrade-insecure-requests': null,
    },
  },
} satisfies HelmetOptions;

/** Origins Stripe documents for its Payment Element beyond Stripe.js's own: its other script hosts and the 3-D Secure frames (docs/decisions/218). */
const STRIPE_JS_SCRIPT_ORIGINS = ['https://*.js.stripe.com'];
const STRIPE_JS_FRAME_ORIGINS = ['https://*.js.stripe.com', 'https://hooks.stripe.com'];

/**
 * The headers for this configuration. Cards on Stripe (docs/decisions/218) are typed into Stripe's
 * Payment Element: the pages may then load Stripe.js and frame its card fields from the Stripe.js
 * origin, and call Stripe's API, and nothing else besides ours. A configured stand-in of Stripe.js
 * (the browser tests) is allowed by its own origin alone.
 */
export function securityHeaderOptions(config: Pick<Config, 'stripeCards'>): HelmetOptions {
  if (!config.stripeCards) return SECURITY_HEADER_OPTIONS;
  const js = new URL(config.stripeCards.jsUrl).origin;
  const stripes = js === 'https://js.stripe.com';
  const directives = {
    ...SECURITY_HEADER_OPTIONS.contentSecurityPolicy.directives,
    'script-src': ["'self'", js, ...(stripes ? STRIPE_JS_SCRIPT_ORIGINS : [])],
    'frame-src': ["'self'", js, ...(stripes ? STRIPE_JS_FRAME_ORIGINS : [])],
    'connect-src': ["'self'", new URL(config.stripeCards.apiBaseUrl).origin],
  };
  return { ...SECURITY_HEADER_OPTIONS, contentSecurityPolicy: { directives } };
}

function zodCompilersOnly(): never {
  throw new Error('every route validates and serialises through zod');
}

/** External plugins, then our plugins, then routes; one error handler answers every failure. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const db = database.db;
  const opened = options.storage ? { storage: options.storage, close: () => {} } : await openFileStorage(config.storage);
  const { storage } = opened;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, ...LOG_OPTIONS },
    bodyLimit: Limits.bodyBytesMax,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Our own id, or the balancer's through a trusted proxy (docs/decisions/171); never the header as sent.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    childLoggerFactory: lazyChildLogger,
    // The zod compilers set below replace these at once: naming any spares loading Fastify's
    // default JSON-schema compilers (Ajv, fast-json-stringify) at start.
    schemaController: { compilersFactory: { buildValidator: zodCompilersOnly, buildSerializer: zodCompilersOnly } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so every later hook and every answer, a refusal included, is counted and named.
  await app.register(metricsPlugin, { token: config.metricsToken, poolStats: database.poolStats });
  await app.register(echoRequestId);
  await app.register(securityHeaders, securityHeaderOptions(config));
  await app.register(formBody, { bodyLimit: Limits.bodyBytesMax });
  await app.register(requestLanguage);
  await app.register(errorHandler);
  await app.register(noStore);
  await app.register(refuseForeignOrigins, { allowedOrigins: config.allowedOrigins });
  const now = options.now ?? (() => new Date());
  // One store for route limits and SMS limits, so both follow one outage policy (docs/decisions/063).
  const counters = await createCounterStore({ redisUrl: config.redisUrl, now: () => now().getTime(), log: app.log });
  app.addHook('onClose', () => counters.close());
  app.decorate('fileStorage', storage);
  app.addHook('onClose', () => opened.close());
  await app.register(rateLimits, { counters });

  if (config.demo) registerLazyApiDocs(app);

  app.get('/healthz', { schema: { hide: true, response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  await registerReadiness(app, { db, redisUrl: config.redisUrl, storage });

  // The sandbox card provider runs in this process and has no address of its own, so its
  // notifications reach our webhook through the app itself rather than over the network.
  const cardDeps: CardProviderDeps = {
    db,
    now,
    sandboxLatencyMs: config.cardSandboxLatencyMs,
    webhookSecret: config.cardPaymentWebhookSecret,
    deliver:
      options.cardNotificationDelivery ??
      ((url, payload, headers) => app.inject({ method: 'POST', url, payload, headers }).then(({ statusCode }) => ({ statusCode }))),
    log: app.log,
    stripe: config.stripeCards,
    razorpay: config.razorpay && config.razorpayCards ? { account: config.razorpay, cards: config.razorpayCards } : undefined,
  };
  // Each market's card provider (docs/decisions/124); every provider some market uses, once.
  const cardNames = { MX: config.cardPaymentProviders.MX.name, IN: config.cardPaymentProviders.IN.name };
  const usedCardNames = [...new Set(Object.values(cardNames))];
  const { rails: cardRails, markets: cardMarkets } = createCardRails(cardNames, cardDeps, { card: options.cardProvider, redirect: options.redirectProvider });
  app.decorate('cardProviders', { card: cardMarkets.MX.card, redirect: cardMarkets.MX.redirect, rails: cardRails });
  // The sandbox payout rail runs in this process too: its notifications reach our webhook through the app itself.
  const payoutRails =
    options.payoutRails ??
    createPayoutRails(
      { MX: config.payoutProviders.MX.name, IN: config.payoutProviders.IN.name },
      {
        sandbox: {
          db,
          now,
          secret: config.payoutSandboxWebhookSecret,
          settleAfterMs: config.demo ? config.payoutSandboxSettleMs : undefined,
          deliver:
            options.payoutNotificationDelivery ??
            ((url, payload, headers) => app.inject({ method: 'POST', url, payload, headers }).then(({ statusCode }) => ({ statusCode }))),
        },
        stp: config.stpPayouts,
        razorpayX: config.razorpayXPayouts,
      },
    );
  const payouts: PayoutDeps = {
    db,
    now,
    log: app.log,
    rails: payoutRails,
    dailyLimits: config.payoutDailyLimits,
    reconcileAfterMs: config.payoutReconcileAfterMs,
    crashAt: options.payoutCrashAt ?? payoutCrashAt(config.payoutCrashAt),
  };
  app.decorate('payouts', payouts);
  const chosenRefundRails = options.refundRails ?? createRefundRails(
      db,
      providerPaymentsBetween,
      { cash: Object.values(config.cashPaymentProviders).map((provider) => provider.name), card: usedCardNames },
      { cash: config.stripe, card: config.stripeCards },
      config.razorpay,
    );
  // Each payout provider's day is matched in the daily settlement alongside the money that came in.
  const refundRails: RefundRails = { ...chosenRefundRails, settlement: [...chosenRefundRails.settlement, ...payoutSettlementSources(payoutRails)] };
  app.decorate('refundRails', refundRails);
  for (const name of usedCardNames) {
    const pages = cardProviderRoutes(name, cardDeps);
    if (pages) await app.register(pages, { prefix: SANDBOX_CARD_BASE });
  }

  // Demo mode's captcha answers, shared through Redis like the counters (docs/decisions/194).
  const captchaAnswers = config.demo ? await createCaptchaAnswers(config.redisUrl, () => now().getTime()) : undefined;
  if (captchaAnswers) app.addHook('onClose', () => captchaAnswers.close());
  const promotion = createPromotionDeps({ config, db, now, counters, captchaLog: captchaAnswers?.answers, log: app.log });
  await app.register(promotionRoutes(promotion), { prefix: PROMOTION_BASE });
  // The landing's counts are written every second, and once more before the database closes (docs/decisions/206).
  const stopCounting = promotion.eventCounts.start();
  app.addHook('onClose', async () => {
    stopCounting();
    await promotion.eventCounts.flush();
  });

  app.decorate('borrowerCaps', options.borrowerCaps ?? { ...DEFAULT_BORROWER_CAPS, reads: config.borrowerReadsPerMinute });
  // Order details answers, remembered until the database tells of a change (docs/decisions/099).
  const detailsAnswers = new RememberedDetailsAnswers();
  app.addHook('onClose', database.notices.subscribe(detailsAnswers));
  const rememberedProducts = new RememberedProducts();
  app.addHook('onClose', database.notices.subscribe(rememberedProducts));
  // One session check for the borrower calls, its sessions kept current by the same notices (212).
  const authenticate = sessionAuthenticator(db, { notices: database.notices, now });
  app.addHook('onClose', authenticate.stop);
  const account: AccountDeps = { db, now, counters, sms: createSmsProvider(config, db), log: app.log, secureCookie: config.isProduction };
  // Signing in is the one borrower call made without a session.
  await app.register(loginRoutes(account), { prefix: MACHINE_BASE });
  const cashPayments: CashPaymentProviders = options.cashPayments
    ? { MX: options.cashPayments, IN: options.cashPayments }
    : createCashPaymentProviders({ MX: config.cashPaymentProviders.MX.name, IN: config.cashPaymentProviders.IN.name }, { db, stripe: config.stripe, razorpay: config.razorpay });
  const cashReconcile: CashReconcileDeps = { db, now, log: app.log, rails: cashPayments, recheckAfterMs: config.cashReconcileIntervalMs };
  app.decorate('cashReconcile', cashReconcile);
  const machine: FastifyPluginAsyncZod = async (scope) => {
    // Before the shared schemas check the call, so a refusal of its fields is in the borrower's language.
    scope.addHook('preValidation', borrowerAuth(authenticate, now));
    scope.addHook('onRoute', requireBorrowerLimit);
    await scope.register(serviceContactsRoutes(db));
    await scope.register(complaintRoutes(db, storage));
    await scope.register(orderRoutes(db, { newOrderNo: options.newOrderNo, creditLineOf, creditLineForOrder, recordAgreement }));
    await scope.register(orderDetailsRoutes(db, { detailsAnswers, takesCards: (market) => cardRails.takesCards(market), payoutOf: borrowerPayoutOf, products: rememberedProducts }));
    // The contract names the borrower's payout account and address from their profile (docs/decisions/233).
    await scope.register(contractRoutes(db, { particularsOf: contractParticulars }));
    await scope.register(repaymentRoutes(db, { payments: cashPayments, takesCards: (market) => cardRails.takesCards(market) }));
    await scope.register(paymentRoutes(db, { cardsOf: cardsOfPayments }));
    await scope.register(borrowerCollectionRoutes(db, { now }));
    await scope.register(missingPaymentRoutes(db));
    await scope.register(refundRoutes(db));
    await scope.register(privacyRoutes(db, storage, cashPayments));
    await scope.register(accountRoutes(account));
    await scope.register(homeRoutes(db, { now, creditLineOf }));
    await scope.register(creditRoutes(db, { now }));
    await scope.register(
      profileRoutes({
        db,
        now,
        storage,
        // A change of the facts a credit decision stands on ends it; identity is fixed once applied (docs/decisions/215).
        credit: { hasApplied, factsChanged: supersedeOnChangedFacts },
        payouts: { releasesAccount, accountReplaced: (tx, borrowerId, at) => accountReplaced(payouts, tx, borrowerId, at) },
      }),
    );
  };
  await app.register(machine, { prefix: MACHINE_BASE });

  const cards: CardDeps = {
    db,
    now,
    rails: cardRails,
    sms: createSmsProvider(config, db),
    log: app.log,
    crashAt: crashAt(config.cardCrashAt),
  };
  const cardCalls: FastifyPluginAsyncZod = async (scope) => {
    // With card payments disabled every card call is refused before it reads or writes anything (docs/decisions/111).
    if (usedCardNames.every((name) => name === 'disabled')) {
      scope.addHook('onRequest', async () => {
        throw new AppError(ErrorCode.CardProviderUnavailable);
      });
    }
    await scope.register(cardRepaymentRoutes(cards));
    await scope.register(savedCardRoutes(cards));
  };
  await app.register(cardCalls, { prefix: CARD_REPAYMENT_BASE });

  // Payment providers' calls: signed, not sessions; only the configured provider has a path, a disabled one none.
  // One path per provider some market uses (docs/decisions/115): the sandbox's signed events, Stripe's own.
  const cashProviderNames = new Set(Object.values(config.cashPaymentProviders).map((provider) => provider.name));
  if (cashProviderNames.has('sandbox')) {
    await app.register(cashWebhookRoutes(db, { provider: cashWebhookName('sandbox'), secret: config.cashPaymentWebhookSecret, now }), {
      prefix: WEBHOOK_BASE,
    });
  }
  if (cashProviderNames.has('stripe') && config.stripe) {
    await app.register(stripeWebhookRoutes(db, { provider: cashWebhookName('stripe'), stripe: config.stripe, now }), { prefix: WEBHOOK_BASE });
  }
  if (cashProviderNames.has('razorpay') && config.razorpay) {
    await app.register(razorpayWebhookRoutes(db, { provider: cashWebhookName('razorpay'), razorpay: config.razorpay, now }), { prefix: WEBHOOK_BASE });
  }
  for (const name of usedCardNames) {
    if (name === 'disabled') continue;
    const market = cardNames.MX === name ? cardMarkets.MX : cardMarkets.IN;
    await app.register(cardWebhookRoutes(cards, {
        provider: market.redirect.name,
        secret: config.cardPaymentWebhookSecret,
        reader: cardNotificationReader(name, cardDeps),
      }), {
      prefix: WEBHOOK_BASE,
    });
  }

  // Each payout provider's notifications, verified by the provider on the raw body (docs/decisions/152).
  await app.register(payoutWebhookRoutes(payouts), { prefix: PAYOUT_WEBHOOK_BASE });

  // Twilio's delivery reports, when it sends our SMS and was given where to report.
  if (config.smsProvider === 'twilio' && config.twilio?.statusCallbackUrl && config.twilio.authToken) {
    await app.register(twilioStatusRoutes(db, { authToken: config.twilio.authToken, callbackUrl: config.twilio.statusCallbackUrl }));
  }

  // The public site's calls: visitors have no session.
  await app.register(siteRoutes(db), { prefix: SITE_API_BASE });

  const staff: StaffDeps = { secretKey: config.staffSecretKey, secureCookie: config.isProduction, now };
  const operator: FastifyPluginAsyncZod = async (scope) => {
    // Every operator route is in the roles table or the app does not start; each call is the
    // token's or a staff session's, checked against it before its body is read (docs/decisions/161).
    const access = operatorAccess(db, staff, options.operatorToken);
    scope.decorateRequest('operatorActor', null);
    scope.decorateRequest('staffPrincipal', null);
    scope.addHook('onRoute', access.onRoute);
    scope.addHook('onRequest', access.onRequest);
    scope.get(OperatorPath.health, { schema: { tags: ['operator'], response: { 200: healthResponseSchema } } }, async () => ({
      status: 'ok' as const,
    }));
    await scope.register(staffRoutes(db, staff));
    await scope.register(operatorSessionRoutes(db));
    await scope.register(operatorContactMessageRoutes(db));
    await scope.register(operatorBorrowerRoutes(db));
    await scope.register(staffNoteRoutes(db, { now }));
    await scope.register(campaignOperatorRoutes(promotion));
    await scope.register(promotionOperatorRoutes(promotion));
    await scope.register(complaintOperatorRoutes(db, storage));
    await scope.register(operatorProductRoutes(db));
    await scope.register(pricingPreviewRoutes(db));
    await scope.register(creditOperatorRoutes(db, { now }));
    await scope.register(profileOperatorRoutes(db, storage));
    // The orders' list names each borrower (235); profiles stand on the same floor as the order desk.
    const borrowerNames: BorrowerNames = async (reader, ids) => new Map([...(await staffProfileNames(reader, ids))].map(([id, profile]) => [id, profile.name]));
    await scope.register(
      operatorOrderRoutes(db, {
        borrowerNames,
        // Approval needs the credit decision still on the borrower's facts (215), then queues the payout;
        // a rejection cancels one not yet sent; each in the step's transaction.
        hooks: {
          beforeApproval: decisionStandsForPayout,
          afterApproval: async (tx, order, at) => void (await queuePayout(payouts, tx, order, at)),
          beforeRejection: cancelForRejection,
        },
      }),
    );
    // The clock leaves alone an order whose payout came back after a repayment until it is restated (224).
    await scope.register(orderClockRoutes(db, { clockOverride: config.demo, held: ordersWithParkedReversal }));
    await scope.register(payoutOperatorRoutes(payouts, { sandboxDriving: !config.isProduction }));
    await scope.register(reminderOperatorRoutes({ db, sms: createSmsProvider(config, db), paymentsAppliedSince }, { clockOverride: config.demo }));
    await scope.register(operatorPaymentReferenceRoutes(db));
    await scope.register(operatorPaymentChannelRoutes(db));
    await scope.register(lenderFactsRoutes(db));
    await scope.register(delinquencyRoutes(db, { now }));
    // The queue and the order's file name each borrower as the orders' list does (235).
    await scope.register(collectionWorkRoutes(db, { now, paidSince: paidIntoOrderSince, borrowerNames }));
    await scope.register(collectionLossRoutes(db, { now, borrowerNames }));
    await scope.register(agencyRoutes(db, { now, borrowerNames, sms: createSmsProvider(config, db) }));
    // SMS from the workspace go through the configured provider, as reminders do (246).
    await scope.register(collectionMessageRoutes({ db, sms: createSmsProvider(config, db), now, borrowerNames }));
    await scope.register(operatorPaymentRoutes(db));
    // The book's health over the whole book, per market (docs/decisions/247).
    await scope.register(bookHealthRoutes(db, { now }));
    await scope.register(operatorRefundRoutes({ db, providers: refundRails.refunds, followAfterMs: config.refundFollowAfterMs }, { refundLimits: config.staffRefundLimits }));
    await scope.register(operatorSettlementRoutes({ db, sources: refundRails.settlement }));
    await scope.register(privacyOperatorRoutes(db));
    await scope.register(contractOperatorRoutes(db));
    await scope.register(cardReconcileRoutes(cards, { clockOverride: config.demo }));
    await scope.register(cashReconcileRoutes(cashReconcile));
    await scope.register(jobRunOperatorRoutes(db));
    // Every list above as CSV, with its filters, streamed and audited (docs/decisions/237).
    await scope.register(listExportRoutes(db, { borrowerNames, now }));
    // Test cards are the sandbox's, and never offered in production.
    if (!config.isProduction && usedCardNames.includes('sandbox')) await scope.register(testCardRoutes(cards));
  };
  await app.register(operator, { prefix: OPERATOR_BASE });


  if (config.demo) await app.register(previewRoutes(db, { creditLineOf, now, demos: DEMO_PREVIEW_BORROWERS }));

  await registerStaticSite(app, {
    webDistDir: config.webDistDir,
    mediaDir,
    previewEnabled: config.demo,
    companyFacts: cachedCompanyFacts(db),
    // The same session check as the borrower calls, on the web cookie alone; a refused session is simply no market.
    webSessionMarket: async (request) => {
      const session = callSession(request);
      if (session?.carriedBy !== 'cookie') return null;
      return authenticate(session.sessionId, session.userId, now()).then(
        (borrower) => borrower.market,
        () => null,
      );
    },
  });
  return app;
}
