import { getTableColumns, sql, type Column, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

const entriesOf = new WeakMap<Table, [string, Column][]>();

/** The table's columns with the row property each one fills. */
function columnEntries(table: Table): [string, Column][] {
  let entries = entriesOf.get(table);
  if (!entries) {
    entries = Object.entries(getTableColumns(table));
    entriesOf.set(table, entries);
  }
  return entries;
}

/**
 * A table's row in the query as one JSON object (keyed by column name). A hot read that returns
 * its rows this way hands the driver one field to decode instead of one per column, which is
 * much of what a wide row costs on the embedded database (docs/decisions/085).
 */
export function jsonRowOf(table: Table): SQL {
  return sql`row_to_json(${table})`;
}

/** The rows of a table matching `where`, as one JSON array ordered by `orderBy` ([] when none). */
export function jsonRowsOf(table: Table, where: SQL, orderBy: Column): SQL {
  return sql`(select coalesce(json_agg(${table} order by ${orderBy}), '[]'::json) from ${table} where ${where})`;
}

/** A row as `jsonRowOf` or `jsonRowsOf` wrote it, decoded as drizzle decodes the same columns (dates, timestamps, JSON). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnEntries(table)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
