import { useEffect, useId, useState, type FormEvent } from 'react';
import { OperatorRoutes, type DelinquencyBandView, type MarketBands } from '@lend/contracts';
import type { Market } from '@lend/domain';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';
import { MarketChooser } from './settings-parts';

type Draft = { code: string; from: string; to: string };

const draftOf = (bands: readonly DelinquencyBandView[]): Draft[] => bands.map((band) => ({ code: band.code, from: String(band.fromDays), to: band.toDays === null ? '' : String(band.toDays) }));

/** The typed buckets as the server takes them, or null when a day is not a whole number from 1 (the server judges the rest). */
export function bandsOfDraft(drafts: readonly Draft[]): DelinquencyBandView[] | null {
  const day = (typed: string) => (/^\d{1,4}$/.test(typed.trim()) && Number(typed) >= 1 ? Number(typed) : null);
  const bands: DelinquencyBandView[] = [];
  for (const draft of drafts) {
    const fromDays = day(draft.from);
    const toDays = draft.to.trim() === '' ? null : day(draft.to);
    if (fromDays === null || (draft.to.trim() !== '' && toDays === null)) return null;
    bands.push({ code: draft.code.trim(), fromDays, toDays });
  }
  return bands;
}

const MARKET_KEYS = { MX: 'bo.cfg.market.MX', IN: 'bo.cfg.market.IN' } as const;

/** A market's buckets with the late orders in each now. */
function BandsTable({ entry }: { entry: MarketBands }) {
  const t = useT();
  return (
    <div data-bands={entry.market}>
      <h3>{t('bo.dlq.caption', { market: t(MARKET_KEYS[entry.market]) })}</h3>
      <p className="bo-muted">{t(entry.custom ? 'bo.dlq.custom' : 'bo.dlq.defaults')}</p>
      <PlainTable
        rows={entry.bands}
        rowKey={(band) => band.code}
        columns={[
          { header: t('bo.dlq.code'), cell: (band) => band.code },
          { header: t('bo.dlq.from'), cell: (band) => band.fromDays },
          { header: t('bo.dlq.to'), cell: (band) => band.toDays ?? t('bo.dlq.open') },
          { header: t('bo.dlq.late'), cell: (band) => entry.lateOrders[band.code] ?? 0 },
        ]}
      />
    </div>
  );
}

/**
 * Each market's delinquency buckets (docs/decisions/242): both markets listed with the late orders
 * in each bucket now, and the chosen market's edited as rows of code, first and last day. Saving
 * asks first, since every late order of the market moves to its new bucket at once; the server's
 * refusal (9067) is said beside the form.
 */
export function DelinquencyBands({ market }: { market: Market }) {
  const t = useT();
  const { api } = useBackoffice();
  const failureText = useFailureText();
  const ids = useId();
  const confirmation = useConfirmation();
  const [entries, setEntries] = useState<MarketBands[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.call(OperatorRoutes.delinquencyBands).then(
      (list) => current && setEntries(list.items),
      (failure: unknown) => current && setLoadError(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, failureText]);

  const entry = entries?.find((candidate) => candidate.market === market);
  const loadedMarket = entry ? market : null;
  // The form starts from the market's buckets when they arrive or the market changes, not after each save.
  const [draftsOf, setDraftsOf] = useState<string | null>(null);
  if (draftsOf !== loadedMarket) {
    setDraftsOf(loadedMarket);
    setDrafts(entry ? draftOf(entry.bands) : []);
    setError(null);
    setNotice(null);
  }

  const marketName = t(MARKET_KEYS[market]);
  const edit = (index: number, change: Partial<Draft>) => setDrafts((before) => before.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const bands = bandsOfDraft(drafts);
    if (!bands) {
      setError(t('bo.dlq.wholeDays'));
      return;
    }
    setError(null);
    confirmation.ask({
      title: t('bo.dlq.confirm.title', { market: marketName }),
      lines: [bands.map((band) => `${band.code}: ${band.fromDays}–${band.toDays ?? '…'}`).join(' · '), t('bo.dlq.confirm.effect')],
      confirmLabel: t('bo.dlq.save'),
      run: () => {
        setBusy(true);
        api
          .call(OperatorRoutes.delinquencyMarketBands, { params: { market }, body: { bands } })
          .then(
            (saved) => {
              setEntries((before) => (before ?? []).map((candidate) => (candidate.market === saved.market ? saved : candidate)));
              setDrafts(draftOf(saved.bands));
              setNotice(t('bo.dlq.saved', { market: marketName }));
            },
            (failure: unknown) => setError(failureText(failure)),
          )
          .finally(() => setBusy(false));
      },
    });
  };

  if (!entries) return <p role={loadError ? 'alert' : 'status'}>{loadError ?? t('bo.table.loading')}</p>;
  return (
    <div className="bo-panel">
      {entries.map((candidate) => (
        <BandsTable key={candidate.market} entry={candidate} />
      ))}
      <MarketChooser market={market} view="delinquency" />
      <form className="bo-reply-form" onSubmit={submit} aria-labelledby={`${ids}-title`} data-bands-form={market}>
        <h3 id={`${ids}-title`}>{t('bo.dlq.edit', { market: marketName })}</h3>
        <p id={`${ids}-hint`} className="bo-muted">
          {t('bo.dlq.toHint')}
        </p>
        {drafts.map((draft, index) => (
          <fieldset key={index} className="bo-filters" aria-describedby={`${ids}-hint`} data-band-row={index}>
            <legend>{t('bo.dlq.row', { n: index + 1 })}</legend>
            <label>
              {t('bo.dlq.code')}
              <input name={`code-${index}`} required maxLength={16} size={8} value={draft.code} onChange={(event) => edit(index, { code: event.currentTarget.value })} />
            </label>
            <label>
              {t('bo.dlq.from')}
              <input name={`from-${index}`} inputMode="numeric" required size={5} value={draft.from} onChange={(event) => edit(index, { from: event.currentTarget.value })} />
            </label>
            <label>
              {t('bo.dlq.to')}
              <input name={`to-${index}`} inputMode="numeric" size={5} value={draft.to} onChange={(event) => edit(index, { to: event.currentTarget.value })} />
            </label>
            <button type="button" disabled={drafts.length <= 1} onClick={() => setDrafts((before) => before.filter((_, at) => at !== index))}>
              {t('bo.dlq.remove', { n: index + 1 })}
            </button>
          </fieldset>
        ))}
        <ErrorLine message={error} />
        <Notice text={notice} />
        <div className="bo-actions">
          <button type="button" disabled={drafts.length >= 12} onClick={() => setDrafts((before) => [...before, { code: '', from: '', to: '' }])}>
            {t('bo.dlq.add')}
          </button>
          <button type="submit" className="bo-primary" disabled={busy}>
            {t('bo.dlq.save')}
          </button>
        </div>
      </form>
      {confirmation.dialog}
    </div>
  );
}
