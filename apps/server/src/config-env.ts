// The server's environment variables and their checks: every setting's name, type, default and
// the one line a bad value stops the start with (docs/decisions/112).
import { Limits, PHONE_MARKETS, PromotionLimits } from '@lend/contracts';
import { z } from 'zod';
import { CARD_CRASH_POINTS, DEFAULT_STAFF_REFUND_LIMIT_MINOR } from './config-defaults';
import { CARD_PAYMENT_PROVIDER_NAMES } from './providers/cards/card-provider-names';
import { razorpayCardEnvShape } from './providers/cards/razorpay/razorpay-card-config';
import { stripeCardEnvShape } from './providers/cards/stripe/stripe-card-config';
import { CASH_PAYMENT_PROVIDER_NAMES } from './providers/payments/cash-payments';
import { razorpayEnvShape } from './providers/payments/razorpay-config';
import { stripeCashEnvShape } from './providers/payments/stripe-config';
import { payoutEnvShape } from './providers/payouts/payout-config';
import { twilioEnvShape } from './providers/sms/twilio-config';
import { parseTrustProxy } from './trust-proxy';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
export const S3_VARIABLES = ['S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export const envSchema = z.object({
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
  REFUND_FOLLOW_AFTER_MS: milliseconds,
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

/** The environment's values once checked. */
export type EnvValues = z.infer<typeof envSchema>;
