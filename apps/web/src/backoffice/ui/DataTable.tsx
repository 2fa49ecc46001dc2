import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/backoffice';

/**
 * A column; `sort` names the server's orders for it (ascending, descending) when the list can be
 * ordered by it (docs/decisions/168).
 */
export type Column<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sort?: { ascending: string; descending: string };
};

export type Paging = {
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

export type DataTableProps<T> = {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | null;
  rowKey: (row: T) => string;
  /** What a screen reader hears for the row's "open" action. */
  rowLabel: (row: T) => string;
  onOpen?: ((row: T) => void) | undefined;
  /** The server order in force, one of the columns' `sort` values. */
  sort?: string | undefined;
  onSort?: ((sort: string) => void) | undefined;
  loading: boolean;
  error: string | null;
  paging: Paging;
  rowClass?: ((row: T) => string | undefined) | undefined;
};

/** The order a click on a column's header asks for: ascending first, then the other way. */
export function nextSort(column: NonNullable<Column<unknown>['sort']>, current: string | undefined): string {
  return current === column.ascending ? column.descending : column.ascending;
}

export function ariaSort(column: Column<unknown>, current: string | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.sort) return undefined;
  if (current === column.sort.ascending) return 'ascending';
  if (current === column.sort.descending) return 'descending';
  return 'none';
}

/** Enter or Space on a focused row opens it, as a click does; other keys keep their meaning. */
export function rowKeyDown(open: () => void): (event: { key: string; preventDefault: () => void; target: unknown; currentTarget: unknown }) => void {
  return (event) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
}

/**
 * A table over one server page: sortable headers, rows reachable by Tab and opened with Enter,
 * previous/next page. Filtering lives in the screen's form above it: the server does the work.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const t = useT();
  const { columns, rows, onOpen, sort, onSort, paging } = props;
  return (
    <div className="bo-table">
      {/* A table wider than a phone scrolls sideways; one with no link or button in it is reached with the keyboard only as a stop of its own. */}
      <div className="bo-table__scroll" tabIndex={0} role="region" aria-label={props.caption}>
        <table aria-busy={props.loading}>
          <caption>{props.caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" aria-sort={ariaSort(column as Column<unknown>, sort)}>
                  {column.sort && onSort ? (
                    <button
                      type="button"
                      className="bo-table__sort"
                      aria-label={t('bo.table.sortBy', { column: column.header })}
                      onClick={() => column.sort && onSort(nextSort(column.sort, sort))}
                    >
                      {column.header}
                      <span aria-hidden="true">{sort === column.sort.ascending ? ' ▲' : sort === column.sort.descending ? ' ▼' : ' ↕'}</span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((row) => {
              const open = onOpen ? () => onOpen(row) : undefined;
              return (
                <tr
                  key={props.rowKey(row)}
                  className={props.rowClass?.(row)}
                  tabIndex={open ? 0 : undefined}
                  aria-label={open ? props.rowLabel(row) : undefined}
                  onClick={open}
                  onKeyDown={open ? rowKeyDown(open) : undefined}
                  data-row={props.rowKey(row)}
                >
                  {columns.map((column) => (
                    <td key={column.id}>{column.cell(row)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="bo-table__status" role="status">
        {props.error ?? (props.loading ? t('bo.table.loading') : rows !== null && rows.length === 0 ? t('bo.table.empty') : '')}
      </p>
      <nav className="bo-table__pager" aria-label={t('bo.table.page', { page: paging.pageNumber })}>
        <button type="button" onClick={paging.onPrevious} disabled={!paging.hasPrevious}>
          {t('bo.table.previous')}
        </button>
        <span>{t('bo.table.page', { page: paging.pageNumber })}</span>
        <button type="button" onClick={paging.onNext} disabled={!paging.hasNext}>
          {t('bo.table.next')}
        </button>
      </nav>
    </div>
  );
}
