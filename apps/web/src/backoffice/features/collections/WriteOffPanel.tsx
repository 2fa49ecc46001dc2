import { useId, useState, type FormEvent } from 'react';
import { OperatorRoutes, type CollectionOrder, type WriteOffReason } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatMinor } from '../../lib/format';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { ErrorLine, useFailureText } from '../../ui/FormParts';

const REASON_KEYS: Record<WriteOffReason, BackofficeKey> = {
  'days-past-due': 'bo.loss.reason.days-past-due',
  officer: 'bo.loss.reason.officer',
};

/**
 * An order's write-off (docs/decisions/244): once written off, the day, why, who, what left the books
 * part by part and what has been recovered since; before, a credit officer's form to write it off
 * now with the reason, confirmed first. An agent sees only the first.
 */
export function WriteOffPanel({ file, onChanged }: { file: CollectionOrder; onChanged: (file: CollectionOrder) => void }) {
  const t = useT();
  const { api, me, language } = useBackoffice();
  const failureText = useFailureText();
  const confirmation = useConfirmation();
  const ids = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { item, writeOff } = file;
  const money = (minor: number) => formatMinor(minor, language, item.currency);

  if (writeOff) {
    return (
      <section aria-labelledby={`${ids}-title`} data-write-off={writeOff.reason}>
        <h2 id={`${ids}-title`}>{t('bo.loss.writtenOff')}</h2>
        <dl className="bo-facts">
          <dt>{t('bo.loss.on')}</dt>
          <dd>{t('bo.loss.onValue', { day: formatDay(writeOff.writtenOffOn, language), days: writeOff.daysPastDue })}</dd>
          <dt>{t('bo.loss.reason')}</dt>
          <dd>{writeOff.byEmail ? t('bo.loss.reasonBy', { reason: t(REASON_KEYS[writeOff.reason]), who: writeOff.byEmail }) : t(REASON_KEYS[writeOff.reason])}</dd>
          {writeOff.note ? (
            <>
              <dt>{t('bo.loss.note')}</dt>
              <dd>{writeOff.note}</dd>
            </>
          ) : null}
          <dt>{t('bo.loss.parts')}</dt>
          <dd>
            {t('bo.loss.partsValue', {
              principal: money(writeOff.principalMinor),
              interest: money(writeOff.interestMinor),
              tax: money(writeOff.taxMinor),
              late: money(writeOff.lateChargesMinor),
            })}
          </dd>
          <dt>{t('bo.loss.total')}</dt>
          <dd data-testid="write-off-total">{money(writeOff.totalMinor)}</dd>
          <dt>{t('bo.loss.recovered')}</dt>
          <dd data-testid="write-off-recovered">{money(writeOff.recoveredMinor)}</dd>
        </dl>
      </section>
    );
  }
  if (me.role !== 'credit-officer' && me.role !== 'admin') return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirmation.ask({
      title: t('bo.loss.confirm.title', { orderNo: item.orderNo }),
      lines: [t('bo.loss.confirm.amount', { owed: money(item.owedMinor) }), t('bo.loss.confirm.effect')],
      confirmLabel: t('bo.loss.writeOff'),
      run: () => {
        setBusy(true);
        setError(null);
        api
          .call(OperatorRoutes.collectionWriteOff, { params: { orderNo: item.orderNo }, body: { note: note.trim() } })
          .then(onChanged, (failure: unknown) => setError(failureText(failure)))
          .finally(() => setBusy(false));
      },
    });
  };
  return (
    <form className="bo-reply-form" onSubmit={submit} aria-labelledby={`${ids}-title`} data-write-off-form="">
      <h2 id={`${ids}-title`}>{t('bo.loss.title')}</h2>
      <p className="bo-muted">{t('bo.loss.explain')}</p>
      <ErrorLine message={error} />
      <label>
        {t('bo.loss.noteField')}
        <textarea name="writeOffNote" rows={2} minLength={3} maxLength={1000} required value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <button type="submit" disabled={busy}>
        {t('bo.loss.writeOff')}
      </button>
      {confirmation.dialog}
    </form>
  );
}
