import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/backoffice';

export type PlainColumn<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * A short table read whole on a record's page (an order's payouts, its ledger entries): no paging,
 * no ordering, no row to open; "None." when it is empty.
 */
export function PlainTable<T>({ columns, rows, rowKey, rowData }: { columns: readonly PlainColumn<T>[]; rows: readonly T[]; rowKey: (row: T) => string; rowData?: (row: T) => string }) {
  const t = useT();
  if (rows.length === 0) return <p className="bo-muted">{t('bo.table.none')}</p>;
  return (
    <div className="bo-table">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-row-state={rowData?.(row)}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
