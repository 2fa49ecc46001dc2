import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the root handle or a transaction. */
export type Queryable = Db | Tx;

/** PostgreSQL session limits in milliseconds; left out, the defaults below apply. */
export type PostgresTimeouts = { statementTimeoutMs?: number; idleInTransactionTimeoutMs?: number };

export type DatabaseTarget =
  | ({ kind: 'postgres'; url: string } & PostgresTimeouts)
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

/** A query running longer, or a transaction left idle longer, is ended by the server (docs/decisions/069). */
export const POSTGRES_TIMEOUT_DEFAULTS = { statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 30_000 } as const;

export type OpenOptions = {
  /** Told about a pooled PostgreSQL connection that failed while idle; a line on stderr when left out. */
  onPoolError?: (error: Error) => void;
};

export type Database = {
  db: Db;
  kind: DatabaseTarget['kind'];
  close: () => Promise<void>;
};

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Any constant shared by every server process: whoever holds it applies the migrations. */
const MIGRATION_LOCK_KEY = 417_002;

function reportToStderr(error: Error): void {
  process.stderr.write(`PostgreSQL connection failed: ${error.message}\n`);
}

/**
 * Applies the migrations on a connection of its own, holding a session advisory lock, so servers
 * started together on an empty database migrate one after the other: the second finds the
 * work done. This connection has no statement time limit, since a migration may be long.
 */
async function migrateUnderLock(url: string, onError: (error: Error) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', onError);
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot reach PostgreSQL: ${(error as Error).message}`);
  }
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, on success and on failure alike; a connection that
    // cannot even end cleanly is already gone, and so is its lock.
    await client.end().catch(() => undefined);
  }
}

async function openPostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>, options: OpenOptions): Promise<Database> {
  const onPoolError = options.onPoolError ?? reportToStderr;
  await migrateUnderLock(target.url, onPoolError);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    statement_timeout: target.statementTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.statementTimeoutMs,
    idle_in_transaction_session_timeout: target.idleInTransactionTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.idleInTransactionTimeoutMs,
  });
  // An idle connection the server dropped (restart, termination) must not crash the process:
  // the pool discards it and opens a new one; queries in flight still fail on their own.
  pool.on('error', onPoolError);
  return { db: drizzlePostgres(pool, { schema }), kind: 'postgres', close: () => pool.end() };
}

/** Opens the database, applies the migrations, and returns a handle that closes everything it opened. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target, options);

  let release = () => {};
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    release = lockDataDir(target.dataDir);
    try {
      client = await PGlite.create(target.dataDir);
    } catch (error) {
      release();
      throw new DatabaseUnavailableError(`Cannot open the embedded database in ${target.dataDir}: ${(error as Error).message}`);
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    release();
    throw error;
  }
  return {
    db,
    kind: target.kind,
    close: async () => {
      await client.close();
      release();
    },
  };
}
