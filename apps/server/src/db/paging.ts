import { ErrorCode, type Page, type PageQuery } from '@lend/contracts';
import { gt, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors';

/** Where a page starts: the sort key of the last item of the page before. */
export type CursorKey = readonly (string | number)[];

/** What a repository reads for one page: one row more than asked, after the cursor's row. */
export type PageRequest<K extends CursorKey> = { limit: number; after: K | undefined };

function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeJson(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A cursor over a list sorted by id. */
export function idCursor(value: unknown): readonly [number] | undefined {
  return Array.isArray(value) && value.length === 1 && isId(value[0]) ? [value[0]] : undefined;
}

/** A cursor over a list sorted by an instant, then id. */
export function instantIdCursor(value: unknown): readonly [string, number] | undefined {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || !isId(value[1])) return undefined;
  return Number.isNaN(Date.parse(value[0])) ? undefined : [value[0], value[1]];
}

/**
 * The page a caller asked for; a cursor this list did not hand out is refused as an invalid
 * `cursor` rather than silently starting over.
 */
export function pageRequest<K extends CursorKey>(query: PageQuery, parse: (value: unknown) => K | undefined): PageRequest<K> {
  if (query.cursor === undefined) return { limit: query.limit, after: undefined };
  const after = parse(decodeJson(query.cursor));
  if (!after) throw new AppError(ErrorCode.InvalidRequest, 'cursor');
  return { limit: query.limit, after };
}

/** The rows past the cursor of a list sorted by id: larger ids when oldest first, smaller when newest first. */
export function pastCursor(id: AnyPgColumn, page: PageRequest<readonly [number]>, order: 'oldest-first' | 'newest-first'): SQL | undefined {
  if (!page.after) return undefined;
  return order === 'oldest-first' ? gt(id, page.after[0]) : lt(id, page.after[0]);
}

/** The whole list's length on every row of a limited read (counted before the limit applies). */
export const wholeListCount = () => sql<number>`count(*) over ()`.mapWith(Number);

/** The newest rows of a list, oldest first, and how many older ones were left out. */
export type NewestRows<T> = { items: T[]; olderLeftOut: number };

/**
 * Rows read newest first with a limit, each carrying the list's whole length (`count(*) over ()`,
 * counted before the limit): oldest first, with how many older rows did not fit.
 */
export function newestRows<R extends { total: number }, T>(newestFirst: readonly R[], view: (row: R) => T): NewestRows<T> {
  const total = newestFirst[0]?.total ?? 0;
  return { items: [...newestFirst].reverse().map(view), olderLeftOut: Math.max(0, total - newestFirst.length) };
}

/** Rows were read with `limit + 1`: the extra one says a next page starts after the last row kept. */
export function toPage<R, T>(rows: readonly R[], request: PageRequest<CursorKey>, keyOf: (row: R) => CursorKey, view: (row: R) => T): Page<T> {
  const kept = rows.slice(0, request.limit);
  const last = kept.at(-1);
  return { items: kept.map(view), nextCursor: rows.length > request.limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
