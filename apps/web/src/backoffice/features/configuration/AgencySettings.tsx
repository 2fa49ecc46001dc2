import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, type Agency, type AgencyInput } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';
import { MarketChooser, useSaving } from './settings-parts';

type Typed = Omit<AgencyInput, 'market' | 'active'>;
const EMPTY: Typed = { name: '', registration: '', phone: '', email: '', address: '' };
const FIELDS = ['name', 'registration', 'phone', 'email', 'address'] as const;

/**
 * A market's outside collection agencies (docs/decisions/249): each with what the borrower is told
 * of it, Mexico's with their REDECO registration (the server refuses one without); added, and
 * stopped from or returned to taking new orders; audited by the server.
 */
export function AgencySettings({ market }: { market: 'MX' | 'IN' }) {
  const t = useT();
  const { api } = useBackoffice();
  const failureText = useFailureText();
  const saving = useSaving();
  const [items, setItems] = useState<Agency[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState<Typed>(EMPTY);
  const load = useCallback(() => {
    api.call(OperatorRoutes.collectionAgencies).then(
      (list) => setItems(list.items.filter((agency) => agency.market === market)),
      (failure: unknown) => setError(failureText(failure)),
    );
  }, [api, market, failureText]);
  useEffect(load, [load]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    saving.run(
      () => api.call(OperatorRoutes.collectionAgencyAdd, { body: { ...typed, market, active: true } }),
      (agency) => {
        setTyped(EMPTY);
        load();
        return t('bo.cfg.agency.added', { name: agency.name });
      },
    );
  };
  const toggle = (agency: Agency) =>
    saving.run(
      () => api.call(OperatorRoutes.collectionAgencyChange, { params: { agencyId: agency.id }, body: { ...agency, active: !agency.active } }),
      (saved) => {
        load();
        return t('bo.cfg.agency.changed', { name: saved.name });
      },
    );

  return (
    <>
      <MarketChooser market={market} view="agencies" />
      <ErrorLine message={error} />
      <h3>{t('bo.cfg.agency.caption')}</h3>
      <PlainTable
        rows={items ?? []}
        rowKey={(agency) => String(agency.id)}
        rowData={(agency) => (agency.active ? 'active' : 'stopped')}
        columns={[
          { header: t('bo.cfg.agency.name'), cell: (agency) => agency.name },
          { header: t('bo.cfg.agency.registration'), cell: (agency) => agency.registration || '—' },
          { header: t('bo.cfg.agency.phone'), cell: (agency) => agency.phone },
          { header: t('bo.cfg.agency.active'), cell: (agency) => t(agency.active ? 'bo.cfg.yes' : 'bo.cfg.no') },
          {
            header: t('bo.cfg.agency.change'),
            cell: (agency) => (
              <button type="button" disabled={saving.busy} onClick={() => toggle(agency)}>
                {t(agency.active ? 'bo.cfg.agency.stop' : 'bo.cfg.agency.resume', { name: agency.name })}
              </button>
            ),
          },
        ]}
      />
      <form className="bo-reply-form" onSubmit={add} aria-label={t('bo.cfg.agency.add')} data-agency-add="">
        {FIELDS.map((field) => (
          <label key={field}>
            {t(`bo.cfg.agency.${field}`)}
            <input name={field} required={field === 'name' || field === 'phone'} value={typed[field] ?? ''} onChange={(event) => setTyped({ ...typed, [field]: event.currentTarget.value })} />
          </label>
        ))}
        <button type="submit" className="bo-primary" disabled={saving.busy}>
          {t('bo.cfg.agency.add')}
        </button>
      </form>
      <ErrorLine message={saving.error} />
      <Notice text={saving.notice} />
    </>
  );
}
