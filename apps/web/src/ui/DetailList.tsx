import { visibleRows, type TextValue } from './detail-rows';

/** A row whose value is read and copied whole (a number, a date, an amount) never breaks across lines. */
export type DetailRow = TextValue & { whole?: boolean };

/** Label/value rows as a description list; rows with nothing to say are left out. */
export function DetailList({ rows, className = '' }: { rows: readonly DetailRow[]; className?: string }) {
  const shown = visibleRows(rows);
  if (shown.length === 0) return null;
  return (
    <dl className={`detail-list ${className}`.trim()}>
      {/* A label may repeat (each installment has its own principal row): the position keeps keys apart. */}
      {shown.map((row, index) => (
        <div className="detail-list__row" key={`${index}:${row.text}`}>
          <dt>{row.text}</dt>
          <dd className={row.whole ? 'detail-list__whole' : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
