import { useEffect, useId, useState, type FormEvent } from 'react';
import { OperatorRoutes, type Agency, type CollectionOrder } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant } from '../../lib/format';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { ErrorLine, useFailureText } from '../../ui/FormParts';

/**
 * Who collects the order (docs/decisions/249): the outside agency it is placed with, or the lender's
 * own agents; a credit officer places it with an active agency of its market, or recalls it,
 * confirmed first. An agent reads it.
 */
export function AgencyPanel({ file, onChanged }: { file: CollectionOrder; onChanged: (file: CollectionOrder) => void }) {
  const t = useT();
  const { api, me, language } = useBackoffice();
  const failureText = useFailureText();
  const confirmation = useConfirmation();
  const ids = useId();
  const [agencies, setAgencies] = useState<Agency[]>([]);
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { item, agency } = file;
  const decides = me.role === 'credit-officer' || me.role === 'admin';

  useEffect(() => {
    if (!decides || agency) return;
    let current = true;
    api.call(OperatorRoutes.collectionAgencies).then(
      (list) => current && setAgencies(list.items.filter((candidate) => candidate.active && candidate.market === item.market)),
      (failure: unknown) => current && setError(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, decides, agency, item.market, failureText]);

  const act = (call: () => Promise<CollectionOrder>) => {
    setBusy(true);
    setError(null);
    call()
      .then((next) => {
        setNote('');
        onChanged(next);
      }, (failure: unknown) => setError(failureText(failure)))
      .finally(() => setBusy(false));
  };
  const place = (event: FormEvent) => {
    event.preventDefault();
    const target = agencies.find((candidate) => String(candidate.id) === chosen);
    if (!target) return;
    confirmation.ask({
      title: t('bo.agency.confirm.place', { orderNo: item.orderNo, agency: target.name }),
      lines: [t('bo.agency.confirm.placeEffect')],
      confirmLabel: t('bo.agency.place'),
      run: () => act(() => api.call(OperatorRoutes.collectionPlace, { params: { orderNo: item.orderNo }, body: { agencyId: target.id, note: note.trim() } })),
    });
  };
  const recall = (event: FormEvent) => {
    event.preventDefault();
    confirmation.ask({
      title: t('bo.agency.confirm.recall', { orderNo: item.orderNo }),
      lines: [t('bo.agency.confirm.recallEffect')],
      confirmLabel: t('bo.agency.recall'),
      run: () => act(() => api.call(OperatorRoutes.collectionRecall, { params: { orderNo: item.orderNo }, body: { note: note.trim() } })),
    });
  };

  return (
    <section aria-labelledby={`${ids}-title`} data-agency={agency ? agency.agency.id : 'none'}>
      <h2 id={`${ids}-title`}>{t('bo.agency.title')}</h2>
      <ErrorLine message={error} />
      {agency ? (
        <dl className="bo-facts">
          <dt>{t('bo.agency.name')}</dt>
          <dd data-testid="agency-name">{agency.agency.name}</dd>
          <dt>{t('bo.agency.registration')}</dt>
          <dd>{agency.agency.registration || t('bo.coll.none')}</dd>
          <dt>{t('bo.agency.phone')}</dt>
          <dd>{agency.agency.phone}</dd>
          <dt>{t('bo.agency.placed')}</dt>
          <dd>{t('bo.agency.placedValue', { at: formatInstant(agency.placedAt, language, item.market), by: agency.placedBy })}</dd>
          <dt>{t('bo.agency.notice')}</dt>
          <dd data-notice={agency.notice.state}>
            {t(`bo.agency.notice.${agency.notice.state}`, { at: agency.notice.at ? formatInstant(agency.notice.at, language, item.market) : '' })}
          </dd>
          {agency.note ? (
            <>
              <dt>{t('bo.agency.note')}</dt>
              <dd>{agency.note}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="bo-muted">{t('bo.agency.own')}</p>
      )}
      {decides ? (
        <form className="bo-reply-form" onSubmit={agency ? recall : place} aria-label={t(agency ? 'bo.agency.recall' : 'bo.agency.place')} data-agency-form="">
          {agency ? null : (
            <label>
              {t('bo.agency.choose')}
              <select name="agency" required value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
                <option value="">{t('bo.agency.choosePrompt')}</option>
                {agencies.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.registration ? `${candidate.name} (${candidate.registration})` : candidate.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            {t('bo.agency.noteField')}
            <textarea name="agencyNote" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
          </label>
          <button type="submit" disabled={busy || (!agency && chosen === '')}>
            {t(agency ? 'bo.agency.recall' : 'bo.agency.place')}
          </button>
          {confirmation.dialog}
        </form>
      ) : null}
    </section>
  );
}
