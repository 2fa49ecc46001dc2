import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Limits, PHONE_MARKETS, PromotionLimits, type PhoneMarket } from '@lend/contracts';
import { z } from 'zod';
import { CARD_CRASH_POINTS, type CardCrashPoint } from './modules/card-repayment';
import { REMINDER_INTERVAL_MS } from './modules/reminders';
import { CASH_RECONCILE_INTERVAL_MS } from './modules/payment-webhooks';
import { SANDBOX_WEBHOOK_SECRET } from './providers/payments/webhook-signature';
import { SANDBOX_CARD_WEBHOOK_SECRET } from './providers/cards/redirect-notification';
import { twilioConfig, twilioEnvShape, type ConfigProblem, type TwilioConfig } from './providers/sms/twilio-config';
import { CASH_PAYMENT_PROVIDER_NAMES, type CashPaymentProviderName } from './providers/payments/cash-payments';
import { stripeCashConfig, stripeCashEnvShape, type StripeCashConfig } from './providers/payments/stripe-config';
import { razorpayConfig, razorpayEnvShape, type RazorpayConfig } from './providers/payments/razorpay-config';
import { stripeCardConfig, stripeCardEnvShape, type StripeCardConfig } from './providers/cards/stripe/stripe-card-config';
import { CARD_PAYMENT_PROVIDER_NAMES, type CardProviderName } from './providers/cards/card-provider-names';
import { razorpayCardConfig, razorpayCardEnvShape, type RazorpayCardSettings } from './providers/cards/razorpay/razorpay-card-config';
import { DEFAULT_STAFF_REFUND_LIMIT_MINOR, DEVELOPMENT_STAFF_SECRET_KEY } from './modules/staff';
import { payoutEnvShape, payoutSettings, type PayoutSettings } from './providers/payouts/payout-config';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';
import { serverRoot } from './server-root';
import type { StorageSettings } from './providers/storage/storage';
import type { PostgresTimeouts } from './db/client';
import type { Market } from '@lend/domain';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const positiveCount = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a whole number of at least 1' }).int().min(1).default(fallback));

const milliseconds = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'must be a whole number of milliseconds above 0' })
    .int({ error: 'must be a whole number of milliseconds above 0' })
    .min(1, { error: 'must be a whole number of milliseconds above 0' })
    .optional(),
);

/** `https://host[:port]` origins, comma-separated; undefined when one is not an origin. */
function parseOrigins(value: string | undefined): string[] | undefined {
  const origins: string[] = [];
  for (const item of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const written = item.replace(/\/$/, '');
    try {
      const origin = new URL(written).origin;
      if (origin === 'null' || origin !== written.toLowerCase()) return undefined;
      origins.push(origin);
    } catch {
      return undefined;
    }
  }
  return origins;
}

/** S3's bucket naming rules: 3 to 63 lowercase letters, digits, dots and hyphens, a letter or digit at each end. */
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PREFIX_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** `s3://bucket` or `s3://bucket/prefix`: the bucket, and the key prefix normalised to end in `/` (or empty). */
function parseS3Url(value: string): { bucket: string; prefix: string } | undefined {
  const match = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/.exec(value);
  const bucket = match?.[1];
  if (!bucket || !S3_BUCKET.test(bucket) || bucket.includes('..')) return undefined;
  const parts = (match[2] ?? '').split('/').filter((part, index, all) => part !== '' || index < all.length - 1);
  if (!parts.every((part) => S3_PREFIX_PART.test(part))) return undefined;
  return { bucket, prefix: parts.map((part) => `${part}/`).join('') };
}

const S3_REGION_NAME = z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').optional());

/** The S3 settings that mean nothing unless STORAGE_URL chooses S3. */
const S3_VARIABLES = ['S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a whole number from 0 to 65535' }).int().min(0).max(65535).default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  DEMO: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 1 or 0' }).optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, context) => {
    const trusted = parseTrustProxy(value);
    if (trusted !== undefined) return trusted;
    context.addIssue({ code: 'custom', message: 'must be a number of proxy hops or a comma-separated list of proxy addresses or CIDR blocks' });
    return z.NEVER;
  }),
  ALLOWED_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, context) => {
    const origins = parseOrigins(value);
    if (origins !== undefined) return origins;
    context.addIssue({ code: 'custom', message: 'must be a comma-separated list of origins such as https://app.example.com' });
    return z.NEVER;
  }),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// address')
      .optional(),
  ),
  /** The role that owns the tables and applies the migrations; DATABASE_URL's role then only reads and writes rows (docs/decisions/114). */
  DATABASE_MIGRATION_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// address')
      .optional(),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds,
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  STORAGE_URL: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, context) => {
    if (value === undefined) return undefined;
    const location = parseS3Url(value);
    if (location) return location;
    context.addIssue({ code: 'custom', message: 'must be s3://bucket or s3://bucket/prefix with a valid S3 bucket name (unset for the folder DATA_DIR/uploads)' });
    return z.NEVER;
  }),
  S3_REGION: S3_REGION_NAME,
  AWS_REGION: S3_REGION_NAME,
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#@]+\/?$/, 'must be an http:// or https:// address such as https://s3.example.com:9000')
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 1 or 0' }).optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  OPERATOR_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// address')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  PROMOTION_MARKET: z.preprocess(emptyToUndefined, z.enum(PHONE_MARKETS).default('MX')),
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'twilio']).default('sandbox')),
  ...twilioEnvShape,
  CASH_PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'disabled']).default('sandbox')),
  CASH_PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  CASH_PAYMENT_PROVIDER_MX: z.preprocess(emptyToUndefined, z.enum(CASH_PAYMENT_PROVIDER_NAMES).optional()),
  CASH_PAYMENT_PROVIDER_IN: z.preprocess(emptyToUndefined, z.enum(CASH_PAYMENT_PROVIDER_NAMES).optional()),
  ...stripeCashEnvShape,
  ...razorpayEnvShape,
  SMS_BUDGET_PER_HOUR: positiveCount(PromotionLimits.smsBudgetPerHour),
  SMS_BUDGET_PER_TEMPLATE_PER_HOUR: positiveCount(PromotionLimits.smsBudgetPerTemplatePerHour),
  BORROWER_READS_PER_MINUTE: positiveCount(Limits.borrowerCallsPerMinute),
  CARD_PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'stripe', 'disabled']).default('sandbox')),
  CARD_PAYMENT_PROVIDER_MX: z.preprocess(emptyToUndefined, z.enum(CARD_PAYMENT_PROVIDER_NAMES).optional()),
  CARD_PAYMENT_PROVIDER_IN: z.preprocess(emptyToUndefined, z.enum(CARD_PAYMENT_PROVIDER_NAMES).optional()),
  ...stripeCardEnvShape,
  ...razorpayCardEnvShape,
  CARD_PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  CARD_SANDBOX_LATENCY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 0 to 60000' })
      .int({ error: 'must be a whole number of milliseconds from 0 to 60000' })
      .min(0, { error: 'must be a whole number of milliseconds from 0 to 60000' })
      .max(60_000, { error: 'must be a whole number of milliseconds from 0 to 60000' })
      .optional(),
  ),
  CARD_CRASH_AT: z.preprocess(emptyToUndefined, z.enum(CARD_CRASH_POINTS).optional()),
  REMINDER_INTERVAL_MS: milliseconds,
  CASH_RECONCILE_INTERVAL_MS: milliseconds,
  SHUTDOWN_GRACE_MS: milliseconds,
  /** 32 bytes, as 64 hex digits or base64: the key the staff's authenticator secrets are sealed with (docs/decisions/160). */
  STAFF_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, context) => {
    if (value === undefined) return undefined;
    if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
    if (/^[A-Za-z0-9+/]{43}=?$/.test(value)) return Buffer.from(value, 'base64');
    context.addIssue({ code: 'custom', message: 'must be 32 bytes written as 64 hex digits or in base64' });
    return z.NEVER;
  }),
  STAFF_REFUND_LIMIT_MINOR: positiveCount(DEFAULT_STAFF_REFUND_LIMIT_MINOR),
  /** The limit in one market's minor units (pesos and rupees differ); unset, STAFF_REFUND_LIMIT_MINOR (docs/decisions/180). */
  STAFF_REFUND_LIMIT_MINOR_MX: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a whole number of at least 1' }).int().min(1).optional()),
  STAFF_REFUND_LIMIT_MINOR_IN: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a whole number of at least 1' }).int().min(1).optional()),
  ...payoutEnvShape,
  /** The bearer token a metrics scraper sends; unset, `/metrics` is not served (docs/decisions/170). */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
});

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
  /** Whose phone numbers the promotion landing accepts (docs/decisions/051). */
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
  cashPaymentProviders: Record<Market, { name: CashPaymentProviderName; variable: string }>;
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
  cardPaymentProviders: Record<Market, { name: CardProviderName; variable: string }>;
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
  /** How long a stopping server lets requests in flight finish before it exits anyway (docs/decisions/112); 10 s unless set. */
  shutdownGraceMs: number;
  /** Seals the staff's authenticator secrets; a fixed, public development key outside production (docs/decisions/160). */
  staffSecretKey: Buffer;
  /** The most one person may refund alone, per market; above it a second person approves (docs/decisions/180). */
  staffRefundLimits: Readonly<Record<Market, number>>;
  /** The token `/metrics` asks for; undefined: no `/metrics` at all (docs/decisions/170). */
  metricsToken: string | undefined;
} & PayoutSettings;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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

/**
 * The local folder unless STORAGE_URL names a bucket. An S3 setting without STORAGE_URL stops the
 * start: it would otherwise leave each server writing to its own folder while the operator believes
 * the files are shared.
 */
function storageSettings(values: z.infer<typeof envSchema>, dataDir: string): StorageSettings {
  const location = values.STORAGE_URL;
  if (!location) {
    const stray = S3_VARIABLES.find((variable) => values[variable] !== undefined);
    if (stray) throw new ConfigError(`Configuration error: ${stray} is set but STORAGE_URL does not choose S3 storage (s3://bucket or s3://bucket/prefix)`);
    return { kind: 'local', folder: resolve(dataDir, 'uploads') };
  }
  const region = values.S3_REGION ?? values.AWS_REGION;
  if (!region) throw new ConfigError('Configuration error: S3_REGION is required when STORAGE_URL is an s3:// address (or AWS_REGION)');
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (accessKeyId && !secretAccessKey) throw new ConfigError('Configuration error: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('Configuration error: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set');
  return {
    kind: 's3',
    ...location,
    region,
    endpoint: values.S3_ENDPOINT,
    // S3-compatible services on their own address mostly serve buckets as paths, not host names.
    forcePathStyle: values.S3_FORCE_PATH_STYLE === undefined ? values.S3_ENDPOINT !== undefined : values.S3_FORCE_PATH_STYLE === '1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** A provider's settings, or the one line that names what is wrong with them. */
function settled<T extends object>(settings: T | ConfigProblem): T {
  if ('variable' in settings && 'message' in settings) throw new ConfigError(`Configuration error: ${settings.variable} ${settings.message}`);
  return settings;
}

/** Each market's provider: its own variable when set, else the setting for both markets. */
function perMarket<Name>(both: { name: Name; variable: string }, own: Record<Market, { name: Name | undefined; variable: string }>): Record<Market, { name: Name; variable: string }> {
  const pick = (market: Market) => {
    const { name, variable } = own[market];
    return name === undefined ? both : { name, variable };
  };
  return { MX: pick('MX'), IN: pick('IN') };
}

/** Each market's provider: its own variable, else CASH_PAYMENT_PROVIDER. Stripe carries Mexico's rails only (OXXO, SPEI). */
function cashProviders(values: z.infer<typeof envSchema>): Config['cashPaymentProviders'] {
  const providers = perMarket(
    { name: values.CASH_PAYMENT_PROVIDER, variable: 'CASH_PAYMENT_PROVIDER' },
    { MX: { name: values.CASH_PAYMENT_PROVIDER_MX, variable: 'CASH_PAYMENT_PROVIDER_MX' }, IN: { name: values.CASH_PAYMENT_PROVIDER_IN, variable: 'CASH_PAYMENT_PROVIDER_IN' } },
  );
  if (providers.IN.name === 'stripe') {
    throw new ConfigError('Configuration error: CASH_PAYMENT_PROVIDER_IN cannot be stripe: it carries Mexico\'s cash rails only (OXXO, SPEI)');
  }
  return providers;
}

/** Stripe's settings when a market uses it; a STRIPE_* setting alone is harmless (cards may use the same account: 117). */
function stripeSettings(values: z.infer<typeof envSchema>, providers: Config['cashPaymentProviders']): StripeCashConfig | undefined {
  const user = Object.values(providers).find((provider) => provider.name === 'stripe');
  if (!user) return undefined;
  return settled(stripeCashConfig(values, user.variable));
}

/** Razorpay's settings when India's cash or cards use it; it carries India's rails only (UPI, Smart Collect, rupee cards). */
function razorpaySettings(
  values: z.infer<typeof envSchema>,
  providers: Config['cashPaymentProviders'],
  cards: Config['cardPaymentProviders'],
): RazorpayConfig | undefined {
  if (providers.MX.name === 'razorpay') {
    throw new ConfigError(`Configuration error: ${providers.MX.variable} cannot be razorpay for Mexico: it carries India's cash rails only (UPI, bank transfers in rupees)`);
  }
  if (cards.MX.name === 'razorpay') {
    throw new ConfigError(`Configuration error: ${cards.MX.variable} cannot be razorpay for Mexico: it takes India's rupee cards only`);
  }
  const user = providers.IN.name === 'razorpay' ? providers.IN : cards.IN.name === 'razorpay' ? cards.IN : undefined;
  if (!user) return undefined;
  return settled(razorpayConfig(values, user.variable));
}

/** Each market's card provider: its own variable, else CARD_PAYMENT_PROVIDER (docs/decisions/124). */
function cardProviders(values: z.infer<typeof envSchema>): Config['cardPaymentProviders'] {
  return perMarket(
    { name: values.CARD_PAYMENT_PROVIDER, variable: 'CARD_PAYMENT_PROVIDER' },
    { MX: { name: values.CARD_PAYMENT_PROVIDER_MX, variable: 'CARD_PAYMENT_PROVIDER_MX' }, IN: { name: values.CARD_PAYMENT_PROVIDER_IN, variable: 'CARD_PAYMENT_PROVIDER_IN' } },
  );
}

/** Razorpay's card settings when India's cards run on it. */
function razorpayCardSettings(values: z.infer<typeof envSchema>, cards: Config['cardPaymentProviders']): RazorpayCardSettings | undefined {
  if (cards.IN.name !== 'razorpay') return undefined;
  return settled(razorpayCardConfig(values, cards.IN.variable));
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
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS ?? 10_000,
    staffSecretKey: values.STAFF_SECRET_KEY ?? DEVELOPMENT_STAFF_SECRET_KEY,
    staffRefundLimits: { MX: values.STAFF_REFUND_LIMIT_MINOR_MX ?? values.STAFF_REFUND_LIMIT_MINOR, IN: values.STAFF_REFUND_LIMIT_MINOR_IN ?? values.STAFF_REFUND_LIMIT_MINOR },
    ...payouts,
    metricsToken: values.METRICS_TOKEN,
  };
}
