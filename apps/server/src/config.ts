import { isAbsolute, resolve } from 'node:path';
import { PHONE_MARKETS, type PhoneMarket } from '@lend/contracts';
import { z } from 'zod';
import type { PostgresTimeouts } from './db/client';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

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
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
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
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** PostgreSQL time limits left unset take the database client's defaults. */
  database: ({ kind: 'postgres'; url: string } & PostgresTimeouts) | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  operatorToken: string | undefined;
  /** Shared store for rate limits across server processes; in-process counters when unset. */
  redisUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string;
  /** Demo data and the developer preview exist only outside production. */
  demo: boolean;
  /** Whose phone numbers the promotion landing accepts (docs/decisions/051). */
  promotionMarket: PhoneMarket;
  /** Only the sandbox exists so far: it delivers to the outbox table. */
  smsProvider: 'sandbox';
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const serverRoot = resolve(import.meta.dirname, '..');

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
  const dataDir = absolute(values.DATA_DIR ?? './data');
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    database: values.DATABASE_URL
      ? {
          kind: 'postgres',
          url: values.DATABASE_URL,
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
    demo: !isProduction,
    promotionMarket: values.PROMOTION_MARKET,
    smsProvider: values.SMS_PROVIDER,
  };
}
