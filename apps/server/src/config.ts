import { isAbsolute, resolve } from 'node:path';
import { Limits, PHONE_MARKETS, PromotionLimits, type PhoneMarket } from '@lend/contracts';
import { z } from 'zod';
import { CARD_CRASH_POINTS, type CardCrashPoint } from './modules/card-repayment';
import { REMINDER_INTERVAL_MS } from './modules/reminders';
import { SANDBOX_WEBHOOK_SECRET } from './providers/payments/webhook-signature';
import { SANDBOX_CARD_WEBHOOK_SECRET } from './providers/cards/redirect-notification';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';
import { serverRoot } from './server-root';
import type { PostgresTimeouts } from './db/client';

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
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox']).default('sandbox')),
  CASH_PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox']).default('sandbox')),
  CASH_PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMS_BUDGET_PER_HOUR: positiveCount(PromotionLimits.smsBudgetPerHour),
  SMS_BUDGET_PER_TEMPLATE_PER_HOUR: positiveCount(PromotionLimits.smsBudgetPerTemplatePerHour),
  BORROWER_READS_PER_MINUTE: positiveCount(Limits.borrowerCallsPerMinute),
  CARD_PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox']).default('sandbox')),
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
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** 127.0.0.1 in demo mode, 0.0.0.0 otherwise, unless HOST says. */
  host: string;
  /** Which proxies may speak for the client through X-Forwarded-For (docs/decisions/060). */
  trustProxy: TrustProxy;
  /** PostgreSQL time limits left unset take the database client's defaults. */
  database: ({ kind: 'postgres'; url: string } & PostgresTimeouts) | { kind: 'pglite'; dataDir: string };
  dataDir: string;
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
  /** Only the sandbox exists so far: it delivers to the outbox table. */
  smsProvider: 'sandbox';
  /** Only the sandbox exists so far: references that reach no real payment network. */
  cashPaymentProvider: 'sandbox';
  /**
   * What the cash provider signs its webhooks with; the public sandbox secret unless set, which
   * production refuses at start (docs/decisions/073).
   */
  cashPaymentWebhookSecret: string;
  /** Reading calls one borrower may make to one borrower route per minute (docs/decisions/065, 085). */
  borrowerReadsPerMinute: number;
  /** SMS sent at most per hour, in all and per campaign template (docs/decisions/064). */
  smsBudget: { perHour: number; perTemplatePerHour: number };
  /** Only the sandbox exists so far: cards and a checkout page that reach no card network (docs/decisions/081). */
  cardPaymentProvider: 'sandbox';
  /** What the card provider signs its notifications with; the public sandbox secret unless set, which production refuses. */
  cardPaymentWebhookSecret: string;
  /** How long the sandbox card provider takes to answer a charge: 0 in tests, 300 ms otherwise unless set. */
  cardSandboxLatencyMs: number;
  /** Test seam only: the point of a card charge where the process kills itself (docs/decisions/082). */
  cardCrashAt: CardCrashPoint | undefined;
  /** Time between two passes of the borrower reminders (docs/decisions/094); 5 minutes unless set. */
  reminderIntervalMs: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

/** Reads the environment once at start; any bad value becomes one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const received = env[variable];
    throw new ConfigError(
      `Configuration error: ${variable} ${issue?.message ?? 'is invalid'}${received === undefined ? '' : ` (got "${received}")`}`,
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
  if (isProduction && values.CARD_CRASH_AT) {
    throw new ConfigError('Configuration error: CARD_CRASH_AT is not allowed when NODE_ENV=production');
  }
  if (isProduction && values.DEMO === '1') {
    throw new ConfigError('Configuration error: DEMO=1 is not allowed when NODE_ENV=production');
  }
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
    operatorToken: values.OPERATOR_TOKEN,
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL,
    webDistDir: absolute(values.WEB_DIST_DIR ?? resolve(serverRoot, '../web/dist')),
    demo,
    promotionMarket: values.PROMOTION_MARKET,
    smsProvider: values.SMS_PROVIDER,
    cashPaymentProvider: values.CASH_PAYMENT_PROVIDER,
    cashPaymentWebhookSecret: values.CASH_PAYMENT_WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET,
    borrowerReadsPerMinute: values.BORROWER_READS_PER_MINUTE,
    smsBudget: { perHour: values.SMS_BUDGET_PER_HOUR, perTemplatePerHour: values.SMS_BUDGET_PER_TEMPLATE_PER_HOUR },
    cardPaymentProvider: values.CARD_PAYMENT_PROVIDER,
    cardPaymentWebhookSecret: values.CARD_PAYMENT_WEBHOOK_SECRET ?? SANDBOX_CARD_WEBHOOK_SECRET,
    cardSandboxLatencyMs: values.CARD_SANDBOX_LATENCY_MS ?? (values.NODE_ENV === 'test' ? 0 : 300),
    cardCrashAt: values.CARD_CRASH_AT,
    reminderIntervalMs: values.REMINDER_INTERVAL_MS ?? REMINDER_INTERVAL_MS,
  };
}
