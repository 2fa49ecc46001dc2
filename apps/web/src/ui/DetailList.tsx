import { visibleRows, type TextValue } from './detail-rows';

/** Label/value rows as a description list; rows with nothing to say are left out. */
export function DetailList({ rows, className = '' }: { rows: readonly TextValue[]; className?: string }) {
  const shown = visibleRows(rows);
  if (shown.length === 0) return null;
  return (
    <dl className={`detail-list ${className}`.trim()}>
      {shown.map((row) => (
        <div className="detail-list__row" key={row.text}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
