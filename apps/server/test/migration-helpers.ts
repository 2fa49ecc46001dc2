import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serverRoot } from '../src/server-root';
import { freshDatabase } from './helper';

/** Migrations run one by one, for a test of what one migration does to the data before it. */
const folder = resolve(serverRoot, 'drizzle');

/** Every migration's tag, in the order they run. */
export const migrationTags: readonly string[] = (JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
  (entry) => entry.tag,
);

export function statements(tag: string): string[] {
  return readFileSync(join(folder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/** The migrations applied before the one named by `tag`, in order. */
export function migrationsBefore(tag: string): string[] {
  const index = migrationTags.indexOf(tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  return migrationTags.slice(0, index);
}

export type Run = (sql: string) => Promise<Record<string, unknown>[]>;

/** A database on this run's engine that takes plain SQL. */
export async function plainDatabase(): Promise<{ run: Run; close: () => Promise<void> }> {
  const { target, drop } = await freshDatabase();
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return {
      run: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
      close: async () => {
        await client.end();
        await drop();
      },
    };
  }
  const db = new PGlite();
  return { run: async (sql) => (await db.query<Record<string, unknown>>(sql)).rows, close: () => db.close() };
}
