import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openMemoryClient } from '../src/db/client';
import { createTestApp, openSession, queryRows } from './helper';
import { idleMemoryDatabases } from './memory-database-pool';

/** Every table's rows and every sequence's next value, in one comparable text. */
const CONTENTS = `select string_agg(part, E'\\n' order by part) as contents from (
  select format('%s %s', c.relname, (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from public.%I', c.relname), false, true, '')))[1]::text) as part
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'
  union all
  select format('%s %s', c.relname, (xpath('/row/v/text()', query_to_xml(format('select last_value || %L || is_called as v from public.%I', ' ', c.relname), false, true, '')))[1]::text)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'
) parts`;

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('reused in-memory test databases', () => {
  it('hand the next test a database exactly as the migrations left it', async () => {
    const fresh = await openMemoryClient();
    const expected = (await fresh.query<{ contents: string }>(CONTENTS)).rows[0]?.contents;
    await fresh.close();

    // A test that signs a borrower in and leaves the audit log, sessions and sequences moved.
    const first = await createTestApp();
    await openSession(first.app, '+525512340001');
    const [moved] = await queryRows<{ contents: string }>(first.database, sql.raw(CONTENTS));
    expect(moved?.contents).not.toEqual(expected);
    await first.close();
    const idle = idleMemoryDatabases();
    expect(idle).toBeGreaterThan(0);

    const second = await createTestApp();
    expect(idleMemoryDatabases()).toBe(idle - 1);
    const [reused] = await queryRows<{ contents: string }>(second.database, sql.raw(CONTENTS));
    expect(reused?.contents).toEqual(expected);
    // The borrower signed in before is unknown, and the next one gets the first id again.
    const session = await openSession(second.app, '+525512340002');
    expect(session.userId).toBe('1');
    await second.close();
  });

  it('close a database whose schema a test changed instead of handing it on', async () => {
    const t = await createTestApp();
    const before = idleMemoryDatabases();
    await queryRows(t.database, sql`create table left_behind (id int)`);
    await t.close();
    expect(idleMemoryDatabases()).toBe(before);
  });
});
