import { Limits, type Page, type PageQuery } from '@lend/contracts';
import { csvLine, UTF8_BOM, type CsvValue } from './csv';

/**
 * One column of a list's file: its stable English key (the header) and its cell of an item, given
 * the filters too, for what the rows share rather than carry (a report's market and so its currency).
 */
export type CsvColumn<T, F = unknown> = readonly [key: string, cell: (item: T, filters: F) => CsvValue];

/** How a list's page is read: its filters and which page, as the list's JSON route reads it. */
export type PageReader<F, T> = (filters: F, page: PageQuery) => Promise<Page<T>>;

/** Test seam: how many pages the exports have read since the process started (docs/decisions/237). */
export const exportPagesRead = { count: 0 };

/**
 * The list's file, a piece at a time: the byte order mark and the header row first, then each page's
 * rows as the page is read, the largest page at a time, following `nextCursor` to the end. Given to
 * `Readable.from`, the next page is read only when the client has taken what came before.
 */
export async function* csvPages<F, T>(read: PageReader<F, T>, filters: F, columns: readonly CsvColumn<T, F>[]): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(columns.map(([key]) => key));
  let cursor: string | undefined;
  do {
    const page = await read(filters, { limit: Limits.pageSizeMax, cursor });
    exportPagesRead.count += 1;
    if (page.items.length > 0) yield page.items.map((item) => csvLine(columns.map(([, cell]) => cell(item, filters)))).join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
