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

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' };

export type Database = {
  db: Db;
  kind: DatabaseTarget['kind'];
  close: () => Promise<void>;
};

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Opens the database, applies the migrations, and returns a handle that closes everything it opened. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server closes (restart, failover, a dropped test database) is
    // discarded by the pool and replaced on the next query; unhandled, the event would crash the process.
    pool.on('error', () => {});
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end();
      throw new DatabaseUnavailableError(`Cannot reach PostgreSQL: ${(error as Error).message}`);
    }
    const db = drizzlePostgres(pool, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }

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
