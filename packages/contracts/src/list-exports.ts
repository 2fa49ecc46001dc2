import type { z } from 'zod';

/**
 * The answer of a list's export (docs/decisions/237): CSV bytes, streamed, not an envelope.
 */
export const CSV_ANSWER = 'csv';

/** A list the back office shows page by page: a GET route with its filter query and its answer. */
type ListRoute<P extends string, Q extends z.ZodObject, D extends z.ZodType> = { readonly method: 'GET'; readonly path: P; readonly query: Q; readonly data: D };
/** A list read whole (no paging): a GET route, with or without a filter query. */
type WholeListRoute<P extends string, D extends z.ZodType> = { readonly method: 'GET'; readonly path: P; readonly query?: z.ZodObject; readonly data: D };

type QueryOf<R> = R extends { readonly query: infer Q extends z.ZodObject } ? Q : undefined;

/** The CSV route of a list: its path with `.csv`, its filters, a CSV answer. */
export type ListExportRoute<P extends string = string, Q extends z.ZodType | undefined = z.ZodType | undefined> = {
  readonly method: 'GET';
  readonly path: `${P}.csv`;
  readonly query: Q;
  readonly data: typeof CSV_ANSWER;
  readonly envelope: false;
};

/** One list's export: the file's and the audit entry's name of the list, its JSON route and its CSV route. */
export type ListExport<P extends string = string, Q extends z.ZodType | undefined = z.ZodType | undefined> = {
  readonly name: string;
  readonly list: { readonly method: 'GET'; readonly path: P };
  readonly csv: ListExportRoute<P, Q>;
  /** Read a page at a time with the list's cursor, or whole in one read. */
  readonly paged: boolean;
};

/** The export of a paged list: the list's own filters, without `limit` and `cursor` (the export reads every page). */
export function pagedListExport<const P extends string, Q extends z.ZodObject<{ limit: z.ZodType; cursor: z.ZodType }>, D extends z.ZodType>(name: string, list: ListRoute<P, Q, D>) {
  const filters = list.query.omit({ limit: true, cursor: true });
  const csv = { method: 'GET', path: `${list.path}.csv`, query: filters, data: CSV_ANSWER, envelope: false } as const satisfies ListExportRoute<P>;
  return { name, list, csv, paged: true } as const satisfies ListExport<P>;
}

/** The export of a list the screen reads whole, with the list's own query when it has one. */
export function wholeListExport<const R extends WholeListRoute<string, z.ZodType>>(name: string, list: R) {
  const csv = { method: 'GET', path: `${list.path}.csv` as `${R['path']}.csv`, query: list.query as QueryOf<R>, data: CSV_ANSWER, envelope: false } as const satisfies ListExportRoute<R['path']>;
  return { name, list, csv, paged: false } as const satisfies ListExport<R['path']>;
}

/** The CSV routes of the exports, each under its list's route name with `Csv` after it (`ordersCsv`). */
export function listExportRoutes<const E extends Readonly<Record<string, ListExport>>>(exports: E): { readonly [K in keyof E as `${K & string}Csv`]: E[K]['csv'] } {
  return Object.fromEntries(Object.entries(exports).map(([key, entry]) => [`${key}Csv`, entry.csv])) as { readonly [K in keyof E as `${K & string}Csv`]: E[K]['csv'] };
}

/** A list's filters as its route checked them: its query without the page's `limit` and `cursor`. */
export type ListFilters<Q extends z.ZodType> = Omit<z.output<Q>, 'limit' | 'cursor'>;
