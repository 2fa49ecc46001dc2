import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

type Owners = { tables: Record<string, { export: string; owner: string }> };

const owners = (JSON.parse(readFileSync(new URL('./table-owners.json', import.meta.url), 'utf8')) as Owners).tables;
const serverSource = fileURLToPath(new URL('..', import.meta.url));

/** Every table of the schema, by its SQL name, with the name it is exported under. */
const schemaTables = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [getTableName(table as PgTable), name]),
);

// lend/server-table-owners reads the list; this proves the list is the schema's, neither short nor stale (docs/decisions/211).
describe('the table owners list (db/table-owners.json)', () => {
  it('names every table of the schema, under the name the schema exports it by', () => {
    const missing = [...schemaTables.keys()].filter((table) => !(table in owners));
    expect(missing, 'tables with no owner: add them to db/table-owners.json').toEqual([]);
    for (const [table, exported] of schemaTables) expect(owners[table]?.export, `the export of ${table}`).toBe(exported);
  });

  it('names no table the schema lacks', () => {
    expect(Object.keys(owners).filter((table) => !schemaTables.has(table))).toEqual([]);
  });

  it('gives each table an owner that is a module or a folder under providers/', () => {
    for (const [table, { owner }] of Object.entries(owners)) {
      const folder = owner.startsWith('providers/') ? owner : `modules/${owner}`;
      expect(existsSync(`${serverSource}${folder}`), `${table}'s owner ${owner}`).toBe(true);
    }
  });
});
