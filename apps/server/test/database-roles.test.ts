import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { PgBossScheduler } from '../src/jobs/pg-boss-scheduler';
import { LocalFolderStorage } from '../src/providers/storage/local-folder-storage';
import { TEST_OPERATOR_TOKEN } from './helper';
import { onAdminConnection, postgresDatabaseUrl } from './postgres-template-setup';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

/** The SQL blocks of docs/deploy.md's "Database role" section, in order, for roles and a database of this test's own. */
function documentedStatements(names: { owner: string; app: string; database: string }): string[][] {
  const text = readFileSync(resolve(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Database role'));
  if (!section) throw new Error('docs/deploy.md has no "Database role" section');
  const blocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks.map((block) =>
    block
      .replaceAll('lend_owner', names.owner)
      .replaceAll('lend_app', names.app)
      .replace(/\blend\b/g, names.database)
      .split(/;\s*\n/)
      .map((statement) => statement.trim())
      .filter((statement) => statement !== ''),
  );
}

/** The failure's message, or 'no failure'. */
async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as Error).message;
  }
  return 'no failure';
}

describe.runIf(onPostgres)('the database roles docs/deploy.md describes', () => {
  it('serves as a role that cannot change, empty or unguard the ledger, the owner role migrating', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const suffix = randomBytes(5).toString('hex');
    const names = { owner: `lend_owner_${suffix}`, app: `lend_app_${suffix}`, database: `lend_roles_${suffix}` };
    const [asSuperuser, asOwnerOnce, asOwnerAfterMigrations] = documentedStatements(names);
    if (!asSuperuser || !asOwnerOnce || !asOwnerAfterMigrations) throw new Error('docs/deploy.md lost a block of statements');
    const urlAs = (role: string) => {
      const url = new URL(postgresDatabaseUrl(adminUrl, names.database));
      url.username = role;
      url.password = '';
      return url.toString();
    };
    const run = (url: string, statements: string[]) =>
      onAdminConnection(url, async (client) => {
        for (const statement of statements) await client.query(statement);
      });
    try {
      // The passwords stay as documented; the test server trusts local connections.
      await run(adminUrl, asSuperuser);
      await run(urlAs(names.owner), asOwnerOnce);
      const first = await openDatabase({ kind: 'postgres', url: urlAs(names.app), migrationUrl: urlAs(names.owner) });
      await first.close();
      await run(urlAs(names.owner), asOwnerAfterMigrations);

      const database = await openDatabase({ kind: 'postgres', url: urlAs(names.app), migrationUrl: urlAs(names.owner) });
      const folder = mkdtempSync(join(tmpdir(), 'lend-roles-'));
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' }),
        database,
        storage: new LocalFolderStorage(folder),
        operatorToken: TEST_OPERATOR_TOKEN,
        logger: false,
      });
      try {
        // A load balancer's /readyz: the serving role reads which migrations the owner applied.
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect({ status: ready.statusCode, body: ready.json<unknown>() }).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
      } finally {
        await app.close();
        await database.close();
        rmSync(folder, { recursive: true, force: true });
      }
      await onAdminConnection(urlAs(names.app), async (app) => {
        expect((await app.query('select count(*)::int as n from ledger_postings')).rows).toEqual([{ n: 0 }]);
        await app.query(`insert into payment_exceptions (provider, event_id, reason, event) values ('p', 'e', 'paid_in_future', '{}')`);
        expect(await failureOf(app.query('update ledger_postings set amount_minor = 1'))).toMatch(/permission denied/);
        expect(await failureOf(app.query('delete from payments'))).toMatch(/permission denied/);
        expect(await failureOf(app.query('truncate ledger_entries cascade'))).toMatch(/permission denied/);
        expect(await failureOf(app.query(`update audit_log set action = 'x'`))).toMatch(/permission denied/);
        expect(await failureOf(app.query('delete from audit_log'))).toMatch(/permission denied/);
        expect(await failureOf(app.query('alter table audit_log disable trigger all'))).toMatch(/must be owner/);
        expect(await failureOf(app.query(`update staff_notes set body = 'x'`))).toMatch(/permission denied/);
        expect(await failureOf(app.query('delete from staff_notes'))).toMatch(/permission denied/);
        expect(await failureOf(app.query('alter table staff_notes disable trigger all'))).toMatch(/must be owner/);
        expect(await failureOf(app.query('alter table ledger_postings disable trigger all'))).toMatch(/must be owner/);
        expect(await failureOf(app.query('drop trigger ledger_postings_balance on ledger_postings'))).toMatch(/must be owner/);
        expect(await failureOf(app.query('create table intruder (id int)'))).toMatch(/permission denied/);
      });

      // The job runner's schema and queues are made by the owner; the app role only runs jobs in them (docs/decisions/190).
      const served = await openDatabase({ kind: 'postgres', url: urlAs(names.app), migrationUrl: urlAs(names.owner) });
      const log = { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
      const scheduler = new PgBossScheduler({ db: served.db, log }, { retryLimit: 0, retryDelaySeconds: 1, pollingMs: 100, url: urlAs(names.app), migrationUrl: urlAs(names.owner) });
      let ran = 0;
      try {
        await scheduler.start([{ name: 'roles-probe', intervalMs: 60 * 60 * 1000, firstRunAfterMs: 0, run: async () => void (ran += 1) }]);
        await vi.waitFor(async () => {
          const runs = await onAdminConnection(urlAs(names.app), (app) => app.query<{ state: string }>(`select state from job_runs where job = 'roles-probe'`));
          expect(runs.rows).toEqual([{ state: 'succeeded' }]);
        }, { timeout: 10_000, interval: 100 });
      } finally {
        await scheduler.stop();
        await served.close();
      }
      expect(ran).toBe(1);
      expect(log.error).not.toHaveBeenCalled();
      await onAdminConnection(urlAs(names.app), async (app) => {
        expect(await failureOf(app.query('drop table pgboss.job'))).toMatch(/must be owner/);
        expect(await failureOf(app.query('create table pgboss.intruder (id int)'))).toMatch(/permission denied/);
      });
    } finally {
      await onAdminConnection(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${names.app}`);
        await client.query(`DROP ROLE IF EXISTS ${names.owner}`);
      });
    }
  });
});
