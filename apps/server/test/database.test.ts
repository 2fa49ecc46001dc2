import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { CHANGE_CHANNEL } from '../src/db/change-notices';
import { openDatabase, type Database } from '../src/db/client';
import { CHANGE_LISTENER_NAME } from '../src/db/postgres-change-listener';
import { freshDatabase, queryRows as rows } from './helper';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const migrationCount = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** Opens databases on one fresh PostgreSQL database and closes and drops everything afterwards. */
async function withFreshPostgres(run: (url: string, opened: Database[]) => Promise<void>) {
  const { target, drop } = await freshDatabase();
  if (target.kind !== 'postgres') throw new Error('needs PostgreSQL');
  const opened: Database[] = [];
  try {
    await run(target.url, opened);
  } finally {
    await Promise.all(opened.map((database) => database.close()));
    await drop();
  }
}

/** Ends one connection from the server's side, as an administrator or a failover does. */
async function terminateBackend(url: string, pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe.runIf(onPostgres)('PostgreSQL connections', () => {
  it('migrates once when two servers start at the same time on an empty database', async () => {
    await withFreshPostgres(async (url, opened) => {
      const results = await Promise.allSettled([openDatabase({ kind: 'postgres', url }), openDatabase({ kind: 'postgres', url })]);
      for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const [first] = opened;
      if (!first) throw new Error('no database');
      const applied = await rows<{ n: number }>(first, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied[0]?.n).toBe(migrationCount);
    });
  });

  it('gives every pooled connection a statement and an idle-in-transaction time limit', async () => {
    await withFreshPostgres(async (url, opened) => {
      const database = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 7_000, idleInTransactionTimeoutMs: 9_000 });
      opened.push(database);
      type Settings = { pid: number; statement: string; idle: string };
      // Concurrent transactions each hold their own connection, so several pooled connections answer.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          database.db.transaction(async (tx) => {
            const result = await tx.execute(
              sql`select pg_backend_pid() as pid, current_setting('statement_timeout') as statement,
                  current_setting('idle_in_transaction_session_timeout') as idle, pg_sleep(0.1)`,
            );
            return (result as unknown as { rows: Settings[] }).rows[0];
          }),
        ),
      );
      expect(new Set(answers.map((answer) => answer?.pid)).size).toBe(4);
      for (const answer of answers) expect(answer).toMatchObject({ statement: '7s', idle: '9s' });

      const defaults = await openDatabase({ kind: 'postgres', url });
      opened.push(defaults);
      const [setting] = await rows<{ statement: string; idle: string }>(
        defaults,
        sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
      );
      expect(setting).toEqual({ statement: '15s', idle: '30s' });
    });
  });

  it('reports a pooled connection the server dropped instead of swallowing it', async () => {
    await withFreshPostgres(async (url, opened) => {
      const errors: Error[] = [];
      const database = await openDatabase({ kind: 'postgres', url }, { onPoolError: (error) => errors.push(error) });
      opened.push(database);
      const [{ pid } = { pid: 0 }] = await rows<{ pid: number }>(database, sql`select pg_backend_pid() as pid`);
      await terminateBackend(url, pid);
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]?.message).toMatch(/terminat/);
      // The pool replaces the dropped connection.
      expect(await rows(database, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });
  });
});

describe.runIf(onPostgres)('a connection lost inside a transaction', () => {
  it('fails that transaction and is reported, and the process and the pool carry on', async () => {
    await withFreshPostgres(async (url, opened) => {
      const errors: Error[] = [];
      const database = await openDatabase({ kind: 'postgres', url }, { onPoolError: (error) => errors.push(error) });
      opened.push(database);
      const transaction = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        const pid = result.rows[0]?.pid ?? 0;
        await terminateBackend(url, pid);
        // The connection is lost while no statement of it runs, as between two steps of a batch.
        await expect.poll(() => errors.length).toBe(1);
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(errors[0]?.message).toMatch(/terminat/i);
      expect(await rows(database, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });
  });
});

describe('change notices', () => {
  it('reach this process before the statement or commit that sent them completes, with or without the listening connection', async () => {
    const { target, drop } = await freshDatabase();
    const database = await openDatabase(target);
    try {
      const seen: string[] = [];
      const states: boolean[] = [];
      const unsubscribe = database.notices.subscribe({ notice: (payload) => seen.push(payload), listening: (on) => states.push(on) });
      await vi.waitFor(() => expect(states.at(-1)).toBe(true));
      if (onPostgres) {
        // Only the pooled connections are left to hand over this process's own notices.
        await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${CHANGE_LISTENER_NAME} and datname = current_database()`);
        await vi.waitFor(() => expect(states.at(-1)).toBe(false));
      }
      await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, 'order:42')`);
      expect(seen).toContain('order:42');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, 'order:43')`);
        expect(seen).not.toContain('order:43');
      });
      expect(seen).toContain('order:43');
      // The listening connection comes back by itself.
      await vi.waitFor(() => expect(states.at(-1)).toBe(true), { timeout: 5_000 });
      unsubscribe();
    } finally {
      await database.close();
      await drop();
    }
  });
});
