import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { ChangeNoticeHub, CHANGE_CHANNEL, type ChangeNotices } from './change-notices';
import { reportPoolErrors } from './pool-errors';
import { listenOnPooledConnections, postgresChangeListener } from './postgres-change-listener';
import * as schema from './schema';
import { isPrivateFolder, privateFolderSync, privateTreeSync, PRIVATE_FILE_MODE } from '../private-files';
import { serverRoot } from '../server-root';
import { lockDataDir } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the root handle or a transaction. */
export type Queryable = Db | Tx;

/** PostgreSQL session limits in milliseconds; left out, the defaults below apply. */
export type PostgresTimeouts = { statementTimeoutMs?: number; idleInTransactionTimeoutMs?: number };

export type DatabaseTarget =
  /** `migrationUrl`: the role that owns the tables applies the migrations; `url`'s role only serves (docs/decisions/114). */
  | ({ kind: 'postgres'; url: string; migrationUrl?: string } & PostgresTimeouts)
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

/** A query running longer, or a transaction left idle longer, is ended by the server (docs/decisions/069). */
export const POSTGRES_TIMEOUT_DEFAULTS = { statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 30_000 } as const;

export type OpenOptions = {
  /** Told about a pooled PostgreSQL connection that failed while idle; a line on stderr when left out. */
  onPoolError?: (error: Error) => void;
  /** What the hand-written parts of the migrations read of the configuration (`migrationSettingsOf`). */
  migrationSettings?: MigrationSettings;
};

/**
 * Settings of the migrating session, named `lend.*`, that a migration reads with
 * `current_setting('lend.…', true)` where existing rows take a configured value: the templates made
 * before templates had a market take `PROMOTION_MARKET` (docs/decisions/232).
 */
export type MigrationSettings = Readonly<Record<`lend.${string}`, string>>;

/** Sets the settings on the session that is about to migrate; they end with it. */
async function applyMigrationSettings(query: (sql: string, params: string[]) => Promise<unknown>, settings: MigrationSettings | undefined): Promise<void> {
  for (const [name, value] of Object.entries(settings ?? {})) await query('select set_config($1, $2, false)', [name, value]);
}

export type Database = {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Changes to orders as the database's triggers tell them (docs/decisions/099). */
  notices: ChangeNotices;
  /** The PostgreSQL pool's connections now, for the metrics (docs/decisions/170); the embedded database's one connection has none to tell. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

const migrationsFolder = resolve(serverRoot, 'drizzle');

/**
 * An embedded database with every migration applied, made once when the server is compiled
 * (scripts/server-build.mjs), as a folder and as a dump; the fingerprint names the migrations it holds.
 */
export const EMPTY_DATABASE = {
  dir: resolve(serverRoot, 'dist/empty-database'),
  dump: resolve(serverRoot, 'dist/empty-database.tar'),
  fingerprint: resolve(serverRoot, 'dist/empty-database.fingerprint'),
} as const;

/** Changed when the prepared empty database is made differently, so one made the old way is made again. */
const PREPARATION = 'checkpointed after the migrations';

/** What identifies the migrations: their journal and every SQL file, and how the prepared database is made. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256').update(PREPARATION);
  const sqlFiles = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).sort();
  for (const name of ['meta/_journal.json', ...sqlFiles]) hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  return hash.digest('hex');
}

/** The prepared empty database, if there is one made from exactly these migrations. */
function preparedEmptyDatabase(): typeof EMPTY_DATABASE | undefined {
  try {
    return readFileSync(EMPTY_DATABASE.fingerprint, 'utf8').trim() === migrationsFingerprint() ? EMPTY_DATABASE : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new database folder starts as a copy of the prepared empty database: copying it takes a
 * fraction of a second, where creating the cluster and running every migration takes seconds.
 * PG_VERSION is copied last, since its presence is what makes PGlite open the folder as a
 * database: a copy cut short is copied again on the next start. True when it copied.
 */
function copyPreparedDatabase(dataDir: string): boolean {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const prepared = preparedEmptyDatabase();
  if (!prepared) return false;
  for (const entry of readdirSync(prepared.dir)) {
    if (entry !== 'PG_VERSION') cpSync(join(prepared.dir, entry), join(dataDir, entry), { recursive: true, force: true });
  }
  cpSync(join(prepared.dir, 'PG_VERSION'), join(dataDir, 'PG_VERSION'));
  return true;
}


/** Makes the prepared empty database, unless the one there holds these very migrations. */
export async function prepareEmptyDatabase(): Promise<boolean> {
  if (preparedEmptyDatabase()) {
    // One an earlier build left open is closed to others too.
    privateTreeSync(EMPTY_DATABASE.dir);
    privateTreeSync(EMPTY_DATABASE.dump);
    return false;
  }
  const fingerprint = migrationsFingerprint();
  const staging = `${EMPTY_DATABASE.dir}.staging`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(EMPTY_DATABASE.fingerprint, { force: true });
  const client = await PGlite.create(staging);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  // Without a checkpoint every database opened from the dump replays the migrations' log first:
  // a fifth of each opening's time.
  await client.query('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  await client.close();
  privateTreeSync(staging);
  rmSync(EMPTY_DATABASE.dir, { recursive: true, force: true });
  renameSync(staging, EMPTY_DATABASE.dir);
  rmSync(EMPTY_DATABASE.dump, { force: true });
  writeFileSync(EMPTY_DATABASE.dump, Buffer.from(await dump.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
  // Written last: a preparation cut short leaves no fingerprint, so nothing uses it.
  writeFileSync(EMPTY_DATABASE.fingerprint, fingerprint);
  return true;
}

/** When the newest migration was written: drizzle applies every migration newer than the newest one it recorded. */
export function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** Two small queries, where the migrator reads and hashes every migration file in a transaction. */
async function migrationsPending(client: PGlite): Promise<boolean> {
  const table = await client.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!table.rows[0]?.found) return true;
  const applied = await client.query<{ newest: string | null }>('select max(created_at)::text as newest from drizzle.__drizzle_migrations');
  return Number(applied.rows[0]?.newest ?? 0) < newestMigrationMillis();
}

/** A migrated in-memory database: from the prepared dump when there is one (tests open many). */
export async function openMemoryClient(): Promise<PGlite> {
  const prepared = preparedEmptyDatabase();
  if (prepared && existsSync(prepared.dump)) return PGlite.create({ loadDataDir: new Blob([readFileSync(prepared.dump)]) });
  const client = await PGlite.create();
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return client;
}

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
/**
 * Applies the migrations on `url`'s connection, one server at a time. With a serving role of its
 * own (DATABASE_MIGRATION_URL beside DATABASE_URL), that role is let read which migrations are
 * applied, as `/readyz` asks, and nothing else of the migrator's schema (docs/decisions/216).
 */
async function migrateUnderLock(url: string, onError: (error: Error) => void, servingRole?: string, settings?: MigrationSettings): Promise<void> {
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', onError);
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot reach PostgreSQL: ${(error as Error).message}`);
  }
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await applyMigrationSettings((sql, params) => client.query(sql, params), settings);
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    if (servingRole !== undefined) {
      const role = client.escapeIdentifier(servingRole);
      await client.query(`GRANT USAGE ON SCHEMA drizzle TO ${role}`);
      await client.query(`GRANT SELECT ON drizzle.__drizzle_migrations TO ${role}`);
    }
  } finally {
    // Ending the session releases the lock, on success and on failure alike; a connection that
    // cannot even end cleanly is already gone, and so is its lock.
    await client.end().catch(() => undefined);
  }
}

/** The role a connection to `url` acts as (the URL's user name may differ from it behind a pooler). */
async function roleOf(Client: typeof import('pg').Client, url: string): Promise<string> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot reach PostgreSQL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ role: string }>('select current_user as role');
    const role = rows[0]?.role;
    if (role === undefined) throw new Error('PostgreSQL named no current user');
    return role;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The PostgreSQL driver is loaded only when a server uses PostgreSQL; the embedded database starts without it. */
async function openPostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>, options: OpenOptions): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePostgres }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const onPoolError = options.onPoolError ?? reportToStderr;
  const ownMigrator = target.migrationUrl !== undefined && target.migrationUrl !== target.url;
  await migrateUnderLock(target.migrationUrl ?? target.url, onPoolError, ownMigrator ? await roleOf(pg.Client, target.url) : undefined, options.migrationSettings);
  const listener = postgresChangeListener(pg.Client, target.url, onPoolError);
  const { hub } = listener;
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    statement_timeout: target.statementTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.statementTimeoutMs,
    idle_in_transaction_session_timeout: target.idleInTransactionTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.idleInTransactionTimeoutMs,
    onConnect: listenOnPooledConnections(hub),
  });
  // A connection the server dropped (restart, termination), idle or checked out, must not crash the process.
  reportPoolErrors(pool, onPoolError);
  return {
    db: drizzlePostgres(pool, { schema }),
    kind: 'postgres',
    notices: hub,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** The embedded database tells its one connection's notices before the statement that caused them completes. */
async function embeddedNotices(client: PGlite): Promise<{ hub: ChangeNoticeHub; stop: () => Promise<void> }> {
  const hub = new ChangeNoticeHub();
  const stop = await client.listen(CHANGE_CHANNEL, (payload) => hub.dispatch(payload));
  hub.setListening(true);
  return { hub, stop };
}

/**
 * The handle on an open in-memory client. `release` is told when the handle closes, after it has
 * stopped listening: it closes the client, or hands it back to whoever keeps clients for reuse
 * (the API tests do: test/memory-database-pool.ts).
 */
export async function memoryDatabase(client: PGlite, release: (client: PGlite) => Promise<void>): Promise<Database> {
  const notices = await embeddedNotices(client);
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite-memory',
    notices: notices.hub,
    close: async () => {
      await notices.stop();
      await release(client);
    },
  };
}

/** Opens the database, applies the migrations, and returns a handle that closes everything it opened. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target, options);
  // Already migrated: from the prepared dump, or migrated as it opened.
  if (target.kind === 'pglite-memory') return memoryDatabase(await openMemoryClient(), (client) => client.close());

  const wasPrivate = isPrivateFolder(target.dataDir);
  privateFolderSync(target.dataDir);
  const release = lockDataDir(target.dataDir);
  let client: PGlite;
  try {
    // A fresh copy keeps the prepared files' modes, and a folder an older version left open
    // holds PGlite's 0666 files: the whole tree is closed to others then (about a thousand
    // entries, some 20 ms). Otherwise the folder's own 0700 already covers every file in it,
    // and closing the database tightens what it wrote (docs/decisions/110).
    if (copyPreparedDatabase(target.dataDir) || !wasPrivate) privateTreeSync(target.dataDir);
    client = await PGlite.create(target.dataDir);
  } catch (error) {
    release();
    throw new DatabaseUnavailableError(`Cannot open the embedded database in ${target.dataDir}: ${(error as Error).message}`);
  }
  const db = drizzlePglite(client, { schema });
  try {
    if (await migrationsPending(client)) {
      await applyMigrationSettings((sql, params) => client.query(sql, params), options.migrationSettings);
      await migratePglite(db, { migrationsFolder });
    }
  } catch (error) {
    await client.close();
    release();
    throw error;
  }
  const notices = (await embeddedNotices(client)).hub;
  return {
    db,
    kind: target.kind,
    notices,
    close: async () => {
      await client.close();
      // Files the database made while it ran (PGlite's own modes) are closed to others too.
      privateTreeSync(target.dataDir);
      release();
    },
  };
}
