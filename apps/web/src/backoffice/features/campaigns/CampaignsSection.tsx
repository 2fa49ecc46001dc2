import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Limits, OperatorRoutes, PROMO_FUNNEL_DAYS_MAX, type PromoFunnelDays, type PromoTemplate } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatShortDay } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { OperatorCallError } from '../../lib/operator-api';
import { ErrorLine } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';
import { funnelRange } from './funnel-range';

export const CAMPAIGNS_PATH = '/campaigns';

// The chart is its own chunk, loaded when a funnel is shown (docs/decisions/183).
const LineChart = lazy(() => import('../../ui/LineChart'));
/** Counts of a day: whole steps on the value axis. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000, 10_000] as const;

type Funnel = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; funnel: PromoFunnelDays };

/**
 * The promotion templates' funnels day by day (docs/decisions/183): a template and a range of days
 * chosen in the address, the figures drawn as a chart and given whole in the table beside it.
 */
export function CampaignsSection({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.nav.campaigns');
  const { api, language } = useBackoffice();
  const failureText = useCallback((failure: unknown) => (failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network')), [t]);
  const [templates, setTemplates] = useState<PromoTemplate[] | null>(null);
  const [templatesError, setTemplatesError] = useState<string | null>(null);
  const [funnel, setFunnel] = useState<Funnel>({ kind: 'idle' });

  useEffect(() => {
    let current = true;
    api.call(OperatorRoutes.promoTemplates, { query: { limit: Limits.pageSizeMax } }).then(
      (page) => current && setTemplates(page.items),
      (failure: unknown) => current && setTemplatesError(failureText(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, failureText]);

  const range = funnelRange(location.params, new Date());
  const templateId = location.params.get('template') ?? (templates && templates.length > 0 ? String(templates[templates.length - 1]?.id) : '');
  const [form, setForm] = useState({ template: templateId, from: range.from, to: range.to });
  useEffect(() => setForm({ template: templateId, from: range.from, to: range.to }), [templateId, range.from, range.to]);

  useEffect(() => {
    if (!templateId) return undefined;
    let current = true;
    setFunnel({ kind: 'loading' });
    api.call(OperatorRoutes.promoFunnelDays, { query: { templateId, from: range.from, to: range.to } }).then(
      (found) => current && setFunnel({ kind: 'found', funnel: found }),
      (failure: unknown) => current && setFunnel({ kind: 'failed', message: failureText(failure) }),
    );
    return () => {
      current = false;
    };
  }, [api, templateId, range.from, range.to, failureText]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(CAMPAIGNS_PATH, { template: form.template, from: form.from, to: form.to });
  };
  const dayLabel = useCallback((day: string) => formatShortDay(day, language), [language]);
  const found = funnel.kind === 'found' ? funnel.funnel : null;
  const series = useMemo(
    () =>
      found
        ? [
            { label: t('bo.campaigns.visits'), values: found.days.map((day) => day.visits) },
            { label: t('bo.campaigns.clicks'), values: found.days.map((day) => day.clicks) },
            { label: t('bo.campaigns.smsSent'), values: found.days.map((day) => day.smsSent) },
            { label: t('bo.campaigns.registrations'), values: found.days.map((day) => day.registrations) },
          ]
        : [],
    [found, t],
  );
  const dayLabels = useMemo(() => found?.days.map((day) => dayLabel(day.day)) ?? [], [found, dayLabel]);
  const templateName = templates?.find((template) => String(template.id) === templateId)?.name ?? templateId;

  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.nav.campaigns')}</h1>
      <ErrorLine message={templatesError} />
      {templates && templates.length === 0 ? <p className="bo-muted">{t('bo.campaigns.noTemplates')}</p> : null}
      <form className="bo-filters" onSubmit={submit}>
        <label>
          {t('bo.campaigns.template')}
          <select name="template" value={form.template} onChange={(event) => setForm({ ...form, template: event.currentTarget.value })}>
            {(templates ?? []).map((template) => (
              <option key={template.id} value={String(template.id)}>
                {template.id} · {template.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('bo.campaigns.from')}
          <input type="date" name="from" required value={form.from} onChange={(event) => setForm({ ...form, from: event.currentTarget.value })} />
        </label>
        <label>
          {t('bo.campaigns.to')}
          <input type="date" name="to" required value={form.to} onChange={(event) => setForm({ ...form, to: event.currentTarget.value })} />
        </label>
        <button type="submit" className="bo-primary">
          {t('bo.campaigns.show')}
        </button>
        <p className="bo-hint bo-muted">{t('bo.campaigns.rangeHint', { days: PROMO_FUNNEL_DAYS_MAX })}</p>
      </form>
      {funnel.kind === 'loading' ? <p role="status">{t('bo.table.loading')}</p> : null}
      {funnel.kind === 'failed' ? <ErrorLine message={funnel.message} /> : null}
      {found ? (
        <>
          <h2>{t('bo.campaigns.heading', { name: templateName })}</h2>
          <p className="bo-muted" data-totals="">
            {t('bo.campaigns.totals', { ...found.totals, timeZone: found.timeZone })}
          </p>
          <figure className="bo-figure">
            <Suspense fallback={<p role="status">{t('bo.table.loading')}</p>}>
              <LineChart labels={dayLabels} series={series} yIncrs={COUNT_STEPS} />
            </Suspense>
            <figcaption className="bo-muted">{t('bo.campaigns.chartCaption')}</figcaption>
          </figure>
          <PlainTable
            rows={[...found.days].reverse()}
            rowKey={(day) => day.day}
            rowData={(day) => day.day}
            columns={[
              { header: t('bo.campaigns.day'), cell: (day) => formatDay(day.day, language) },
              { header: t('bo.campaigns.visits'), cell: (day) => day.visits },
              { header: t('bo.campaigns.clicks'), cell: (day) => day.clicks },
              { header: t('bo.campaigns.smsSent'), cell: (day) => day.smsSent },
              { header: t('bo.campaigns.registrations'), cell: (day) => day.registrations },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
