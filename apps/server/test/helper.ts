import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { OPERATOR_BASE, OperatorPath, type PhoneMarket } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import type { CommandContext } from '../src/cli/commands';
import { loadConfig } from '../src/config';
import { openDatabase, type Database, type DatabaseTarget } from '../src/db/client';
import { borrowerProfiles, loanOrders, paymentReferences, borrowers, smsOutbox } from '../src/db/schema';
import { LOG_OPTIONS } from '../src/logging';
import { checkLedger, type LedgerCheckResult } from '../src/modules/payments';
import { LocalFolderStorage } from '../src/providers/storage/local-folder-storage';
import { seedDemoData } from '../src/seed/demo-data';
import { approvedCreditFor } from './credit-factory';
import { givePayoutAccount } from './payout-account-factory';
import { findLeaks, secretsInAnswer, type LeakScan } from './log-leaks';
import { pooledMemoryDatabase } from './memory-database-pool';
import { onAdminConnection, postgresDatabaseUrl } from './postgres-template-setup';

export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Where the database is, for a second server on the same one. */
  target: DatabaseTarget;
  /** Uploaded files of this app, in a temporary folder of its own; unused when `env` chooses S3 storage (read the bucket then). */
  storage: LocalFolderStorage;
  logs: () => string;
  /** Closes the app and fails if its log holds a phone, session id, code, captcha answer, national id or card number. */
  close: () => Promise<void>;
};

/** A fresh, empty database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function freshDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') return { target: { kind: 'pglite-memory' }, drop: async () => {} };
  return newPostgresDatabase(`lend_test_${randomBytes(6).toString('hex')}`);
}

/**
 * A fresh database with every migration applied: in-memory PGlite (which opens the prepared empty
 * database), or on PostgreSQL a copy of the run's migrated template (postgres-template-setup.ts).
 */
export async function migratedDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') return { target: { kind: 'pglite-memory' }, drop: async () => {} };
  const template = inject('postgresTemplate');
  return newPostgresDatabase(`${template}_${randomBytes(6).toString('hex')}`, template);
}

async function newPostgresDatabase(name: string, template?: string): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test run');
  await onAdminConnection(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    target: { kind: 'postgres', url: postgresDatabaseUrl(adminUrl, name) },
    drop: async () => void (await onAdminConnection(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** The failure's message and those of the errors it wraps: drivers and drizzle each add a layer. */
export async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) messages.push(current.message);
    return messages.join(' / ');
  }
  return 'no failure';
}

/** The rows of a raw query, whichever engine runs it. */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Per-borrower caps high enough for a test that files many calls for one borrower within a minute. */
export const GENEROUS_BORROWER_CAPS = { reads: 1_000, creates: 1_000, uploads: 1_000 };

/** Each test app's database, so a session opened on the app can be given its credit approvals. */
const databases = new WeakMap<FastifyInstance, Database>();

/**
 * Another app's database, left for that app to drop: on PostgreSQL through a pool and change
 * listener of its own, as another server process; the embedded database's one handle otherwise.
 * Without `sharing`, a fresh, migrated database of its own.
 */
async function databaseOf(sharing: TestApp | undefined): Promise<{ database: Database; target: DatabaseTarget; drop: () => Promise<void>; closes: boolean }> {
  if (sharing) {
    const { target } = sharing;
    if (target.kind !== 'postgres') return { database: sharing.database, target, drop: async () => {}, closes: false };
    return { database: await openDatabase(target), target, drop: async () => {}, closes: true };
  }
  const { target, drop } = await migratedDatabase();
  const database = target.kind === 'pglite-memory' ? await pooledMemoryDatabase() : await openDatabase(target);
  return { database, target, drop, closes: true };
}

/**
 * Builds the real app on a fresh, migrated database; `seed` adds the demo data. `sharing` builds a
 * second server process on another app's database instead, as several servers share one
 * PostgreSQL: close it before that app, which closes the database.
 */
export async function createTestApp(
  options: { seed?: boolean; env?: NodeJS.ProcessEnv; now?: () => Date; sharing?: TestApp } & Pick<AppOptions, 'cashPayments' | 'newOrderNo' | 'borrowerCaps'> &
    Pick<AppOptions, 'cardProvider' | 'redirectProvider' | 'cardNotificationDelivery' | 'refundRails' | 'payoutCrashAt'> = {},
): Promise<TestApp> {
  const { database, target, drop, closes } = await databaseOf(options.sharing);
  let captured = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      captured += chunk.toString();
      callback();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ...options.env });
  const storage = new LocalFolderStorage(mkdtempSync(join(tmpdir(), 'lend-test-uploads-')));
  const app = await buildApp({
    config,
    database,
    // An app whose environment names a bucket opens it itself, as a server does.
    ...(config.storage.kind === 's3' ? {} : { storage }),
    operatorToken: TEST_OPERATOR_TOKEN,
    ...(options.now ? { now: options.now } : {}),
    ...(options.cashPayments ? { cashPayments: options.cashPayments } : {}),
    ...(options.newOrderNo ? { newOrderNo: options.newOrderNo } : {}),
    ...(options.borrowerCaps ? { borrowerCaps: options.borrowerCaps } : {}),
    ...(options.cardProvider ? { cardProvider: options.cardProvider } : {}),
    ...(options.redirectProvider ? { redirectProvider: options.redirectProvider } : {}),
    ...(options.cardNotificationDelivery ? { cardNotificationDelivery: options.cardNotificationDelivery } : {}),
    ...(options.refundRails ? { refundRails: options.refundRails } : {}),
    ...(options.payoutCrashAt ? { payoutCrashAt: options.payoutCrashAt } : {}),
    logger: { level: 'info', stream, ...LOG_OPTIONS },
  });
  const handedOut = new Set<string>();
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string') for (const secret of secretsInAnswer(payload)) handedOut.add(secret);
    return payload;
  });
  databases.set(app, database);
  if (options.seed) await seedDemoData(database.db, new Date(), { cards: app.cardProviders.rails });
  await app.ready();
  return {
    app,
    database,
    target,
    storage,
    logs: () => captured,
    close: async () => {
      await app.close();
      let scan: LeakScan;
      let books: LedgerCheckResult;
      try {
        scan = await storedSecrets(database, handedOut);
        // Every test that moved money leaves books that balance and agree with its orders.
        books = await checkLedger(database.db);
      } finally {
        if (closes) await database.close();
        await drop();
        rmSync(storage.folder, { recursive: true, force: true });
      }
      if (books.mismatches.length > 0) throw new Error(`The ledger check failed:\n${JSON.stringify(books.mismatches.slice(0, 10), null, 2)}`);
      const leaks = findLeaks(captured, scan);
      if (leaks.length > 0) throw new Error(`The log holds what it must never hold:\n${leaks.slice(0, 10).map((leak) => leak.slice(0, 600)).join('\n')}`);
    },
  };
}

/** What the app handed out, plus the phones, SMS codes and national ids it stored; our own long ids are allowed. */
async function storedSecrets(database: Database, handedOut: Set<string>): Promise<LeakScan> {
  const { db } = database;
  const [phones, outbox, nationalIds, orders, references] = await Promise.all([
    db.select({ phone: borrowers.phone }).from(borrowers),
    db.select({ phone: smsOutbox.phone, code: smsOutbox.code }).from(smsOutbox),
    db.select({ nationalId: borrowerProfiles.nationalId }).from(borrowerProfiles),
    db.select({ orderNo: loanOrders.orderNo }).from(loanOrders),
    db.select({ reference: paymentReferences.reference }).from(paymentReferences),
  ]);
  return {
    secrets: [
      ...handedOut,
      ...phones.flatMap((row) => [row.phone, nationalDigits(row.phone)]),
      ...outbox.flatMap((row) => [row.phone, row.code]),
      ...nationalIds.flatMap((row) => row.nationalId ?? []),
    ],
    allowedIds: [...orders.map((row) => row.orderNo), ...references.map((row) => row.reference)],
  };
}

export type BorrowerSession = { userId: string; sessionId: string };

/**
 * Opens a borrower session through the operator API, as the command line does: a Mexican borrower
 * unless `market` says otherwise or the phone is written with India's +91. The borrower holds an
 * approved credit decision on each product of their market (`approvedCreditFor`) unless
 * `credit: false`, as a borrower who applied would, and a payout account (`givePayoutAccount`)
 * unless `payoutAccount: false`, as a borrower who completed their profile would.
 */
export async function openSession(
  app: FastifyInstance,
  phone: string,
  market: PhoneMarket = phone.startsWith('+91') ? 'IN' : 'MX',
  options: { credit?: boolean; payoutAccount?: boolean } = {},
): Promise<BorrowerSession> {
  const response = await app.inject({
    method: 'POST',
    url: `${OPERATOR_BASE}${OperatorPath.createSession}`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    payload: { phone, market },
  });
  const body = response.json<{ code: number; data: BorrowerSession }>();
  if (body.code !== 0) throw new Error(`session create failed: ${response.body}`);
  const database = databases.get(app);
  if (database && options.credit !== false) await approvedCreditFor(database.db, Number(body.data.userId));
  if (database && options.payoutAccount !== false) await givePayoutAccount(database.db, Number(body.data.userId));
  return body.data;
}

export function sessionQuery(session: BorrowerSession, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, ...extra }).toString();
}

/** A stored (E.164) phone's ten national digits, which a careless log line could hold without the country code. */
function nationalDigits(phone: string): string {
  return phone.replace(/^\+\d{2}(?=\d{10}$)/, '');
}

/** The app listening on a free port, and a command-line context that calls it and keeps what it printed. */
export async function operatorCommandLine(t: TestApp): Promise<CommandContext & { printed: string[] }> {
  // A file may ask for several contexts: the app listens once.
  const address = t.app.server.listening ? t.app.server.address() : null;
  const serverUrl = address !== null && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const printed: string[] = [];
  return { serverUrl, token: TEST_OPERATOR_TOKEN, print: (line) => printed.push(line), printed };
}

/**
 * Two servers on one database behind a round-robin balancer: a second app sharing `t`'s database
 * (on PostgreSQL through a pool of its own, as another process), and a `TestApp` whose calls
 * alternate between the two, so calls sent together reach both servers. Close `second` before `t`.
 */
export async function behindBalancer(
  t: TestApp,
  options: Omit<Parameters<typeof createTestApp>[0] & object, 'sharing'> = {},
): Promise<{ balanced: TestApp; second: TestApp }> {
  // The second server opens the first's database: the demo data, if any, is already there.
  const second = await createTestApp({ ...options, seed: false, sharing: t });
  const servers = [t.app, second.app];
  let turn = 0;
  const inject = ((...args: unknown[]) => {
    const app = servers[turn++ % servers.length] ?? t.app;
    return (app.inject as (...injected: unknown[]) => unknown)(...args);
  }) as FastifyInstance['inject'];
  const app = new Proxy(t.app, { get: (target, property) => (property === 'inject' ? inject : Reflect.get(target, property, target)) });
  databases.set(app, t.database);
  return { balanced: { ...t, app }, second };
}

/**
 * A test file's two servers behind a balancer (`behindBalancer`): built before its tests, closed
 * after them, the books checked after every test. The answer reads as the balanced `TestApp` once
 * the file's tests run.
 */
export function twoServersForFile(options: Parameters<typeof createTestApp>[0] & object = {}): TestApp {
  let first: TestApp | undefined;
  let servers: { balanced: TestApp; second: TestApp } | undefined;
  beforeAll(async () => {
    first = await createTestApp(options);
    servers = await behindBalancer(first, options);
  });
  afterEach(async () => {
    if (first) expect((await checkLedger(first.database.db)).mismatches).toEqual([]);
  });
  afterAll(async () => {
    await servers?.second.close();
    await first?.close();
  });
  const balanced = (): TestApp => {
    if (!servers) throw new Error('the two servers are built before the tests run');
    return servers.balanced;
  };
  return {
    get app() {
      return balanced().app;
    },
    get database() {
      return balanced().database;
    },
    get target() {
      return balanced().target;
    },
    get storage() {
      return balanced().storage;
    },
    logs: () => balanced().logs(),
    // The file's own hooks close both servers.
    close: async () => {},
  };
}
