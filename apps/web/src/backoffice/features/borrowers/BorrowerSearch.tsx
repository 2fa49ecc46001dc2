import { useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, type BorrowerHit, type MaskedId } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { OperatorCallError } from '../../lib/operator-api';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';

export const BORROWERS_PATH = '/borrowers';

/** A national id as staff see it: its kind and last four, the rest never sent. */
export const maskedId = (id: MaskedId | null) => (id ? `${id.kind.toUpperCase()} ••••${id.lastFour}` : '—');

type Found = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; items: BorrowerHit[] } | { kind: 'failed'; message: string };

/** One box finds a borrower by phone, name, folio or order number (docs/decisions/173); the search is in the address. */
export function BorrowerSearch({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.borrowers.title');
  const { api } = useBackoffice();
  const q = (location.params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const [found, setFound] = useState<Found>({ kind: 'idle' });

  useEffect(() => {
    if (!q) {
      setFound({ kind: 'idle' });
      return;
    }
    let current = true;
    setFound({ kind: 'loading' });
    api.call(OperatorRoutes.borrowers, { query: { q } }).then(
      (answer) => current && setFound({ kind: 'done', items: answer.items }),
      (error: unknown) => current && setFound({ kind: 'failed', message: error instanceof OperatorCallError && error.message ? error.message : t('errors.network') }),
    );
    return () => {
      current = false;
    };
  }, [api, q, t]);

  const columns: Column<BorrowerHit>[] = [
    { id: 'name', header: t('bo.borrowers.name'), cell: (row) => <a href={`#${BORROWERS_PATH}/${row.userId}`}>{row.name || t('bo.borrowers.noName')}</a> },
    { id: 'phone', header: t('bo.borrowers.phone'), cell: (row) => row.phone },
    { id: 'market', header: t('bo.borrowers.market'), cell: (row) => row.market },
    { id: 'id', header: t('bo.borrowers.nationalId'), cell: (row) => maskedId(row.nationalId) },
    { id: 'matched', header: t('bo.borrowers.matchedBy'), cell: (row) => t(`bo.borrowers.matchedBy.${row.matchedBy}`) },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(BORROWERS_PATH, { q: draft.trim() });
  };
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.borrowers.title')}</h1>
      <form className="bo-filters" onSubmit={submit} role="search">
        <label>
          {t('bo.borrowers.search')}
          <input name="q" value={draft} maxLength={100} required aria-describedby="bo-borrower-hint" onChange={(event) => setDraft(event.currentTarget.value)} />
        </label>
        <button type="submit" className="bo-primary">
          {t('bo.borrowers.find')}
        </button>
        <p id="bo-borrower-hint" className="bo-muted bo-hint">
          {t('bo.borrowers.searchHint')}
        </p>
      </form>
      {found.kind === 'idle' ? null : <ExportLink route={OperatorRoutes.borrowersCsv} query={{ q }} />}
      {found.kind === 'idle' ? null : (
        <DataTable
          caption={t('bo.borrowers.caption')}
          columns={columns}
          rows={found.kind === 'done' ? found.items : null}
          rowKey={(row) => row.userId}
          rowLabel={(row) => `${t('bo.table.openRow')} ${row.phone}`}
          onOpen={(row) => navigate(`${BORROWERS_PATH}/${row.userId}`)}
          loading={found.kind === 'loading'}
          error={found.kind === 'failed' ? found.message : null}
          paging={{ pageNumber: 1, hasPrevious: false, hasNext: false, onPrevious: () => undefined, onNext: () => undefined }}
        />
      )}
    </section>
  );
}
