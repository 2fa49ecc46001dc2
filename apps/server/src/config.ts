import { isAbsolute, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import type { PhoneMarket } from '@lend/contracts';
import type { Market } from '@lend/domain';
import { CASH_RECONCILE_INTERVAL_MS, DEVELOPMENT_STAFF_SECRET_KEY, REFUND_FOLLOW_AFTER_MS, REMINDER_INTERVAL_MS, type CardCrashPoint } from './config-defaults';
import { ConfigError, envSchema, type LOG_LEVELS } from './config-env';
import {
  cardProviders,
  cashProviders,
  razorpayCardSettings,
  razorpaySettings,
  settled,
  storageSettings,
  stripeSettings,
  type CardProviders,
  type CashProviders,
} from './config-services';
import type { MigrationSettings, PostgresTimeouts } from './db/client';
import { SANDBOX_CARD_WEBHOOK_SECRET } from './providers/cards/redirect-notification';
import type { RazorpayCardSettings } from './providers/cards/razorpay/razorpay-card-config';
import { stripeCardConfig, type StripeCardConfig } from './providers/cards/stripe/stripe-card-config';
import type { RazorpayConfig } from './providers/payments/razorpay-config';
import type { StripeCashConfig } from './providers/payments/stripe-config';
import { SANDBOX_WEBHOOK_SECRET } from './providers/payments/webhook-signature';
import { payoutSettings, type PayoutSettings } from './providers/payouts/payout-config';
import { twilioConfig, type TwilioConfig } from './providers/sms/twilio-config';
import type { StorageSettings } from './providers/storage/storage';
import { serverRoot } from './server-root';
import type { TrustProxy } from './trust-proxy';

export { ConfigError };

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** 127.0.0.1 in demo mode, 0.0.0.0 otherwise, unless HOST says. */
  host: string;
  /** Which proxies may speak for the client through X-Forwarded-For (docs/decisions/060). */
  trustProxy: TrustProxy;
  /** Sites besides the server's own whose pages may make state-changing borrower calls (docs/decisions/110). */
  allowedOrigins: readonly string[];
  /** PostgreSQL time limits left unset take the database client's defaults. */
  database: ({ kind: 'postgres'; url: string } & PostgresTimeouts) | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  /** Uploaded files: the folder DATA_DIR/uploads unless STORAGE_URL chooses an S3 bucket (docs/decisions/107). */
  storage: StorageSettings;
  operatorToken: string | undefined;
  /** Shared store for rate limits across server processes; in-process counters when unset. */
  redisUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string;
  /**
   * Demo data, the developer preview, the API docs, the clock's `at` and captcha answers
   * (docs/decisions/061): DEMO when set, else only on the embedded database outside production.
   */
  demo: boolean;
  /**
   * The default market of the promotion landing (docs/decisions/232): of a template created without
   * one, of the templates made before templates had one (their migration), and of a visitor who came
   * without a template. Each template's own market decides its phones and borrowers.
   */
  promotionMarket: PhoneMarket;
  /** The sandbox delivers to the outbox table; Twilio sends real SMS (docs/decisions/105). */
  smsProvider: 'sandbox' | 'twilio';
  /** Twilio's settings, set exactly when `smsProvider` is `twilio`. */
  twilio: TwilioConfig | undefined;
  /**
   * Only the sandbox exists so far: references that reach no real payment network; `disabled`
   * issues none, so production can run before a real one is contracted (docs/decisions/111).
   */
  cashPaymentProvider: 'sandbox' | 'disabled';
  /**
   * Each market's cash provider (docs/decisions/115): CASH_PAYMENT_PROVIDER_MX and _IN, each
   * CASH_PAYMENT_PROVIDER unless set, with the variable that chose it (for the production check).
   */
  cashPaymentProviders: CashProviders;
  /** Stripe's settings, set exactly when a market's cash provider is stripe. */
  stripe: StripeCashConfig | undefined;
  /** Razorpay's settings, set exactly when India's cash or card provider is razorpay (docs/decisions/121, 124). */
  razorpay: RazorpayConfig | undefined;
  /**
   * What the cash provider signs its webhooks with; the public sandbox secret unless set, which
   * production refuses at start (docs/decisions/073).
   */
  cashPaymentWebhookSecret: string;
  /** Reading calls one borrower may make to one borrower route per minute (docs/decisions/065, 085). */
  borrowerReadsPerMinute: number;
  /** SMS sent at most per hour, in all and per campaign template (docs/decisions/064). */
  smsBudget: { perHour: number; perTemplatePerHour: number };
  /** CARD_PAYMENT_PROVIDER: what each market's card provider is unless its own variable says otherwise. */
  cardPaymentProvider: 'sandbox' | 'stripe' | 'disabled';
  /**
   * Each market's card provider (docs/decisions/124): CARD_PAYMENT_PROVIDER_MX and _IN, each
   * CARD_PAYMENT_PROVIDER unless set, with the variable that chose it. The sandbox reaches no card
   * network (081); Stripe (117); Razorpay, India only (124).
   */
  cardPaymentProviders: CardProviders;
  /**
   * What the card provider signs its notifications with: Stripe's endpoint secret, else the public
   * sandbox secret unless set, which production refuses.
   */
  cardPaymentWebhookSecret: string;
  /** Stripe's settings, set exactly when a market's card provider is `stripe`. */
  stripeCards: StripeCardConfig | undefined;
  /** India's cards on Razorpay: its return origin and time-out, set exactly when CARD_PAYMENT_PROVIDER_IN is `razorpay`. */
  razorpayCards: RazorpayCardSettings | undefined;
  /** How long the sandbox card provider takes to answer a charge: 0 in tests, 300 ms otherwise unless set. */
  cardSandboxLatencyMs: number;
  /** Test seam only: the point of a card charge where the process kills itself (docs/decisions/082). */
  cardCrashAt: CardCrashPoint | undefined;
  /** Time between two passes of the borrower reminders (docs/decisions/094); 5 minutes unless set. */
  reminderIntervalMs: number;
  /** Time between two passes of the cash reconciler, and how long before it asks about a reference again (docs/decisions/128); 5 minutes unless set. */
  cashReconcileIntervalMs: number;
  /** How long a pending refund is left to whoever last asked its provider before the follow-up asks (docs/decisions/214). */
  refundFollowAfterMs: number;
  /** How long a stopping server lets requests in flight finish before it exits anyway (docs/decisions/112); 10 s unless set. */
  shutdownGraceMs: number;
  /** Seals the staff's authenticator secrets; a fixed, public development key outside production (docs/decisions/160). */
  staffSecretKey: Buffer;
  /** The most one person may refund alone, per market; above it a second person approves (docs/decisions/180). */
  staffRefundLimits: Readonly<Record<Market, number>>;
  /** The token `/metrics` asks for; undefined: no `/metrics` at all (docs/decisions/170). */
  metricsToken: string | undefined;
} & PayoutSettings;

/** Settings whose values are never repeated in an error line: secrets, and addresses that may carry a password. */
const UNSPOKEN_SETTING = /(SECRET|TOKEN|PASSWORD|KEY)$|_URL$/;

const SETTING_NAMES = new Set(Object.keys(envSchema.shape));

/**
 * The environment with every `NAME_FILE` of a known setting read into `NAME` (the file's content,
 * trimmed), as containers mount secrets; both at once, or a file that cannot be read, stop the
 * start in one line naming the variable (docs/decisions/112). Also returns which names came from a
 * file, whose values error lines never repeat.
 */
function withSettingFiles(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; fromFiles: Set<string> } {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const fromFiles = new Set<string>();
  for (const name of SETTING_NAMES) {
    const fileVariable = `${name}_FILE`;
    const path = env[fileVariable];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      throw new ConfigError(`Configuration error: ${name} and ${fileVariable} are both set; set only one`);
    }
    try {
      resolved[name] = readFileSync(path, 'utf8').trim();
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new ConfigError(`Configuration error: ${fileVariable} names a file that cannot be read (${path}: ${reason})`);
    }
    fromFiles.add(name);
  }
  return { env: resolved, fromFiles };
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

/** Reads the environment once at start; any bad value becomes one line naming the variable. */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env): Config {
  const { env, fromFiles } = withSettingFiles(processEnv);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const received = fromFiles.has(variable) || UNSPOKEN_SETTING.test(variable) ? undefined : env[variable];
    throw new ConfigError(
      `Configuration error: ${variable}${fromFiles.has(variable) ? ` (read from ${variable}_FILE)` : ''} ${issue?.message ?? 'is invalid'}${received === undefined ? '' : ` (got "${received}")`}`,
    );
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && !values.DATABASE_URL && !values.DATA_DIR) {
    throw new ConfigError(
      'Configuration error: DATABASE_URL is required when NODE_ENV=production (or set DATA_DIR to use the embedded database on purpose)',
    );
  }
  if (isProduction && !values.OPERATOR_TOKEN) {
    throw new ConfigError('Configuration error: OPERATOR_TOKEN is required when NODE_ENV=production');
  }
  if (isProduction && !values.STAFF_SECRET_KEY) {
    throw new ConfigError('Configuration error: STAFF_SECRET_KEY is required when NODE_ENV=production');
  }
  if (isProduction && values.CARD_CRASH_AT) {
    throw new ConfigError('Configuration error: CARD_CRASH_AT is not allowed when NODE_ENV=production');
  }
  if (isProduction && values.PAYOUT_CRASH_AT) {
    throw new ConfigError('Configuration error: PAYOUT_CRASH_AT is not allowed when NODE_ENV=production');
  }
  const payouts = settled(payoutSettings(values, isProduction, values.NODE_ENV === 'test'));
  if (isProduction && values.DEMO === '1') {
    throw new ConfigError('Configuration error: DEMO=1 is not allowed when NODE_ENV=production');
  }
  const twilio = values.SMS_PROVIDER === 'twilio' ? settled(twilioConfig(values)) : undefined;
  const cashPaymentProviders = cashProviders(values);
  const stripe = stripeSettings(values, cashPaymentProviders);
  const cardPaymentProviders = cardProviders(values);
  const razorpay = razorpaySettings(values, cashPaymentProviders, cardPaymentProviders);
  const razorpayCards = razorpayCardSettings(values, cardPaymentProviders);
  const stripeCards = Object.values(cardPaymentProviders).some((provider) => provider.name === 'stripe') ? settled(stripeCardConfig(values)) : undefined;
  // Demo features are asked for: unset, only the README's `npm start` (embedded database, not
  // production) falls into them; a server given a real database never does.
  const demo = values.DEMO === undefined ? !isProduction && !values.DATABASE_URL : values.DEMO === '1';
  const dataDir = absolute(values.DATA_DIR ?? './data');
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    trustProxy: values.TRUST_PROXY,
    allowedOrigins: values.ALLOWED_ORIGINS,
    database: values.DATABASE_URL
      ? {
          kind: 'postgres',
          url: values.DATABASE_URL,
          ...(values.DATABASE_MIGRATION_URL ? { migrationUrl: values.DATABASE_MIGRATION_URL } : {}),
          ...(values.DATABASE_STATEMENT_TIMEOUT_MS ? { statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS } : {}),
          ...(values.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS
            ? { idleInTransactionTimeoutMs: values.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS }
            : {}),
        }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    dataDir,
    storage: storageSettings(values, dataDir),
    operatorToken: values.OPERATOR_TOKEN,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    webDistDir: absolute(values.WEB_DIST_DIR ?? resolve(serverRoot, '../web/dist')),
    demo,
    promotionMarket: values.PROMOTION_MARKET,
    smsProvider: values.SMS_PROVIDER,
    twilio,
    cashPaymentProvider: values.CASH_PAYMENT_PROVIDER,
    cashPaymentProviders,
    stripe,
    razorpay,
    cashPaymentWebhookSecret: values.CASH_PAYMENT_WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET,
    borrowerReadsPerMinute: values.BORROWER_READS_PER_MINUTE,
    smsBudget: { perHour: values.SMS_BUDGET_PER_HOUR, perTemplatePerHour: values.SMS_BUDGET_PER_TEMPLATE_PER_HOUR },
    cardPaymentProvider: values.CARD_PAYMENT_PROVIDER,
    cardPaymentProviders,
    cardPaymentWebhookSecret: stripeCards?.webhookSecret ?? values.CARD_PAYMENT_WEBHOOK_SECRET ?? SANDBOX_CARD_WEBHOOK_SECRET,
    stripeCards,
    razorpayCards,
    cardSandboxLatencyMs: values.CARD_SANDBOX_LATENCY_MS ?? (values.NODE_ENV === 'test' ? 0 : 300),
    cardCrashAt: values.CARD_CRASH_AT,
    reminderIntervalMs: values.REMINDER_INTERVAL_MS ?? REMINDER_INTERVAL_MS,
    cashReconcileIntervalMs: values.CASH_RECONCILE_INTERVAL_MS ?? CASH_RECONCILE_INTERVAL_MS,
    // Tests follow a refund as soon as it is written, unless they set the age themselves.
    refundFollowAfterMs: values.REFUND_FOLLOW_AFTER_MS ?? (values.NODE_ENV === 'test' ? 0 : REFUND_FOLLOW_AFTER_MS),
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS ?? 10_000,
    staffSecretKey: values.STAFF_SECRET_KEY ?? DEVELOPMENT_STAFF_SECRET_KEY,
    staffRefundLimits: { MX: values.STAFF_REFUND_LIMIT_MINOR_MX ?? values.STAFF_REFUND_LIMIT_MINOR, IN: values.STAFF_REFUND_LIMIT_MINOR_IN ?? values.STAFF_REFUND_LIMIT_MINOR },
    ...payouts,
    metricsToken: values.METRICS_TOKEN,
  };
}

/** What the migrations read of the configuration (`OpenOptions.migrationSettings`, docs/decisions/232). */
export function migrationSettingsOf(config: Pick<Config, 'promotionMarket'>): MigrationSettings {
  return { 'lend.promotion_market': config.promotionMarket };
}
