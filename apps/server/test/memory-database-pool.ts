import type { PGlite } from '@electric-sql/pglite';
import { memoryDatabase, openMemoryClient, type Database } from '../src/db/client';

/**
 * In-memory databases the API tests reuse within a worker (docs/decisions/200). Opening one from
 * the prepared dump costs about half a second of processor time, emptying one a tenth of that: a
 * closed test database is put back as the migrations left it (every table emptied and refilled with
 * the rows the migrations wrote, every sequence where they left it, the session discarded) and
 * handed to the next test. One whose tables, columns, functions or triggers a test changed is
 * closed instead, as is any that fails to empty.
 */

/** What a database holds straight after its migrations. */
type Pristine = {
  /** Every table the migrations made, in the public schema. */
  tables: string[];
  /** The rows the migrations wrote, per table, as JSON. */
  rows: { table: string; json: string }[];
  /** Each sequence's position. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** A fingerprint of the schema's objects, so a changed schema is noticed. */
  shape: string;
};

/** More idle databases than this are closed: a worker rarely has more than two apps open at once. */
const MAX_IDLE = 2;
const idle: PGlite[] = [];
let pristine: Promise<Pristine> | undefined;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

const SHAPE = `select concat_ws(':',
  (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')),
  (select coalesce(sum(c.oid::int8), 0) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')),
  (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'),
  (select count(*) from pg_proc), (select count(*) from pg_trigger), (select count(*) from pg_namespace)) as shape`;

async function readPristine(client: PGlite): Promise<Pristine> {
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: Pristine['rows'] = [];
  for (const table of tables) {
    const result = await client.query<{ json: string | null }>(`select json_agg(t)::text as json from public.${quoted(table)} t`);
    const json = result.rows[0]?.json;
    if (json) rows.push({ table, json });
  }
  const sequences = await sequencePositions(client);
  const shape = (await client.query<{ shape: string }>(SHAPE)).rows[0]?.shape ?? '';
  return { tables, rows, sequences, shape };
}

/** Each public sequence's position: read from the sequence itself, which holds its last value and whether it was handed out. */
async function sequencePositions(client: PGlite): Promise<Pristine['sequences']> {
  const names = (
    await client.query<{ name: string }>(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`)
  ).rows.map((row) => row.name);
  const positions: Pristine['sequences'] = [];
  for (const name of names) {
    const row = (await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from public.${quoted(name)}`)).rows[0];
    if (row) positions.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return positions;
}

/** Puts the database back as the migrations left it; false when it cannot be (its schema changed, or a step failed). */
async function reset(client: PGlite, state: Pristine): Promise<boolean> {
  try {
    await client.exec('rollback');
    if ((await client.query<{ shape: string }>(SHAPE)).rows[0]?.shape !== state.shape) return false;
    await client.exec('begin');
    // The audit log and the ledger refuse to be emptied by their own triggers; these tables are a test's to throw away.
    await client.exec(`set local session_replication_role = replica`);
    await client.exec(`truncate ${state.tables.map((table) => `public.${quoted(table)}`).join(', ')} restart identity cascade`);
    for (const { table, json } of state.rows) {
      await client.query(`insert into public.${quoted(table)} overriding system value select * from json_populate_recordset(null::public.${quoted(table)}, $1)`, [json]);
    }
    for (const { name, lastValue, isCalled } of state.sequences) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [`public.${quoted(name)}`, lastValue, isCalled]);
    }
    await client.exec('commit');
    // Prepared statements, advisory locks, settings and temporary tables of the test before.
    await client.exec('discard all');
    return true;
  } catch {
    return false;
  }
}

async function putBack(client: PGlite): Promise<void> {
  const state = await pristine;
  if (state && idle.length < MAX_IDLE && (await reset(client, state))) {
    idle.push(client);
    return;
  }
  await client.close();
}

/** A migrated, empty in-memory database: one a closed test left, emptied, or a new one. */
export async function pooledMemoryDatabase(): Promise<Database> {
  let client = idle.pop();
  if (!client) {
    client = await openMemoryClient();
    // The first database this worker opens is the one the migrations left untouched.
    pristine ??= readPristine(client);
    await pristine;
  }
  return memoryDatabase(client, putBack);
}

/** How many emptied databases wait for the next test. */
export function idleMemoryDatabases(): number {
  return idle.length;
}
