import { visibleRows, type TextValue } from './detail-rows';

/** Label/value rows as a description list; rows with nothing to say are left out. */
export function DetailList({ rows, className = '' }: { rows: readonly TextValue[]; className?: string }) {
  const shown = visibleRows(rows);
  if (shown.length === 0) return null;
  return (
    <dl className={`detail-list ${className}`.trim()}>
      {/* A label may repeat (each installment has its own principal row): the position keeps keys apart. */}
      {shown.map((row, index) => (
        <div className="detail-list__row" key={`${index}:${row.text}`}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
