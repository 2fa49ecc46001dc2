import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { freshDatabase } from './helper';

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

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]?.message).toMatch(/terminat/);
      // The pool replaces the dropped connection.
      expect(await rows(database, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });
  });
});
