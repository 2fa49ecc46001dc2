import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';

type Row = Record<string, unknown>;

/**
 * Inserts many rows of a drizzle table in one statement: one array per column, unnested by
 * PostgreSQL, so a statement carries tens of thousands of rows in a handful of parameters. Column
 * names and types come from the schema; the rows carry their own ids (`overriding system value`),
 * which the volume seed counts itself and gives back to the sequences at the end (docs/decisions/191).
 * The first row decides which columns are written: every row names the same ones (null where empty).
 */
export async function bulkInsert<T extends PgTable>(db: Queryable, table: T, rows: readonly (T['$inferInsert'] & { id?: number })[]): Promise<void> {
  if (rows.length === 0) return;
  const first: Row = rows[0] ?? {};
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  for (const [key, column] of columns) {
    const type = column.getSQLType();
    const values = rows.map((row) => {
      const value = (row as Row)[key];
      if (value === undefined || value === null) return null;
      if (value instanceof Date) return value.toISOString();
      if (type === 'jsonb' || type === 'json') return JSON.stringify(value);
      return value;
    });
    names.push(sql`${sql.identifier(column.name)}`);
    arrays.push(sql`${sql.param(values)}::${sql.raw(type)}[]`);
  }
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)}) overriding system value select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}
