import { OPERATOR_BASE, operatorQueryString, type ListExportRoute, type QueryValue } from '@lend/contracts';
import { useT } from '../../lib/i18n/backoffice';

/**
 * Downloads the list on the screen as CSV with the filters and order it applies (docs/decisions/237):
 * a plain link, as the staff cookie goes with a GET and a read needs no CSRF token.
 */
export function ExportLink({ route, query, label }: { route: ListExportRoute; query?: Readonly<Record<string, QueryValue>>; label?: string }) {
  const t = useT();
  return (
    <p className="bo-export">
      <a href={`${OPERATOR_BASE}${route.path}${operatorQueryString(query)}`} download data-export={route.path} className="bo-button-link">
        {label ?? t('bo.export.csv')}
      </a>
    </p>
  );
}
