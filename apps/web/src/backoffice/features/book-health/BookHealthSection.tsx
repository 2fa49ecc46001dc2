import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  CURED_BUCKET,
  OperatorRoutes,
  PAR_THRESHOLDS,
  VINTAGE_MONTHS_ON_BOOK,
  type EfficiencyReport,
  type ParReport,
  type ParRow,
  type ProductSummary,
  type PromisesReport,
  type RollRateReport,
  type VintageReport,
} from '@lend/contracts';
import { MARKETS, type Market } from '@lend/domain';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatMinor, formatMonth, formatShare } from '../../lib/format';
import { navigate, type HashLocation } from '../../lib/hash-location';
import { PlainTable } from '../../ui/PlainTable';
import { rollRows, vintageRows } from './book-rows';
import { ReportChart, ReportSection, useLoaded } from './report-parts';

export const BOOK_HEALTH_PATH = '/book-health';

const MARKET_KEYS: Record<Market, BackofficeKey> = { MX: 'bo.book.market.MX', IN: 'bo.book.market.IN' };
/** The vintage chart labels every month on book. */
const EVERY_POINT = [1] as const;
const MONTHS_ON_BOOK = Array.from({ length: VINTAGE_MONTHS_ON_BOOK }, (_unused, index) => index + 1);

/** The screen's filters as the address keeps them (`#/book-health?market=&productId=`). */
function filtersOf(params: URLSearchParams): { market: Market; productId: string } {
  const productId = params.get('productId') ?? '';
  return { market: params.get('market') === 'IN' ? 'IN' : 'MX', productId: /^\d{1,9}$/.test(productId) ? productId : '' };
}

/** The chosen product's figures (the report's total row is then that product's), or the market's total. */
const totalRow = (report: ParReport): ParRow | undefined => report.items.find((row) => row.productId === null);

/**
 * The book's health (docs/decisions/247): portfolio at risk, vintage curves, roll rates, collections
 * efficiency and promises by agent of a market (a product where the report takes one), each read on
 * its own, drawn where a chart helps and always given whole in a table, with its CSV beside it.
 */
export function BookHealthSection({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.nav.bookHealth');
  const { api, language } = useBackoffice();
  const { market, productId } = filtersOf(location.params);
  const [form, setForm] = useState({ market, productId });
  useEffect(() => setForm({ market, productId }), [market, productId]);
  const [products, setProducts] = useState<ProductSummary[]>([]);
  useEffect(() => {
    let current = true;
    // Without the products the filter offers every product only: the reports still read.
    api.call(OperatorRoutes.products).then((list) => current && setProducts(list), () => undefined);
    return () => {
      current = false;
    };
  }, [api]);

  const product = productId === '' ? undefined : Number(productId);
  const productQuery = useMemo(() => ({ market, productId: product }), [market, product]);
  const marketQuery = useMemo(() => ({ market }), [market]);
  const par = useLoaded(useCallback(() => api.call(OperatorRoutes.bookPar, { query: productQuery }), [api, productQuery]));
  const vintages = useLoaded(useCallback(() => api.call(OperatorRoutes.bookVintages, { query: productQuery }), [api, productQuery]));
  const rolls = useLoaded(useCallback(() => api.call(OperatorRoutes.bookRollRates, { query: marketQuery }), [api, marketQuery]));
  const efficiency = useLoaded(useCallback(() => api.call(OperatorRoutes.bookEfficiency, { query: productQuery }), [api, productQuery]));
  const promises = useLoaded(useCallback(() => api.call(OperatorRoutes.bookPromises, { query: marketQuery }), [api, marketQuery]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(BOOK_HEALTH_PATH, { market: form.market, productId: form.productId || undefined });
  };
  const share = useCallback((bp: number) => formatShare(bp, language), [language]);
  const head = par.kind === 'found' ? par.report : null;

  return (
    <section aria-labelledby="bo-page-heading" className="bo-book">
      <h1 id="bo-page-heading">{t('bo.nav.bookHealth')}</h1>
      <form className="bo-filters" onSubmit={submit} aria-label={t('bo.book.filters')}>
        <label>
          {t('bo.book.market')}
          <select name="market" value={form.market} onChange={(event) => setForm({ market: event.currentTarget.value === 'IN' ? 'IN' : 'MX', productId: '' })}>
            {MARKETS.map((each) => (
              <option key={each} value={each}>
                {t(MARKET_KEYS[each])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('bo.book.product')}
          <select name="productId" value={form.productId} onChange={(event) => setForm({ ...form, productId: event.currentTarget.value })}>
            <option value="">{t('bo.book.product.all')}</option>
            {products
              .filter((each) => each.market === form.market)
              .map((each) => (
                <option key={each.id} value={String(each.id)}>
                  {each.code} · {each.name}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" className="bo-primary">
          {t('bo.book.show')}
        </button>
        <p className="bo-hint bo-muted">{t('bo.book.byMarketOnly')}</p>
      </form>
      {head ? (
        <p className="bo-muted" data-as-of="">
          {t('bo.book.asOf', { market: t(MARKET_KEYS[head.market]), day: formatDay(head.asOf, language), currency: head.currency })}
        </p>
      ) : null}

      <ReportSection id="par" title={t('bo.book.par.title')} state={par} exportRoute={OperatorRoutes.bookParCsv} exportQuery={productQuery} exportLabel={t('bo.book.par.export')}>
        {(report: ParReport) => <ParFigures report={report} share={share} />}
      </ReportSection>
      <ReportSection id="vintages" title={t('bo.book.vintage.title')} state={vintages} exportRoute={OperatorRoutes.bookVintagesCsv} exportQuery={productQuery} exportLabel={t('bo.book.vintage.export')}>
        {(report: VintageReport) => <VintageFigures report={report} share={share} />}
      </ReportSection>
      <ReportSection id="roll-rates" title={t('bo.book.roll.title')} state={rolls} exportRoute={OperatorRoutes.bookRollRatesCsv} exportQuery={marketQuery} exportLabel={t('bo.book.roll.export')}>
        {(report: RollRateReport) => <RollFigures report={report} share={share} />}
      </ReportSection>
      <ReportSection id="efficiency" title={t('bo.book.eff.title')} state={efficiency} exportRoute={OperatorRoutes.bookEfficiencyCsv} exportQuery={productQuery} exportLabel={t('bo.book.eff.export')}>
        {(report: EfficiencyReport) => <EfficiencyFigures report={report} share={share} />}
      </ReportSection>
      <ReportSection id="promises" title={t('bo.book.promises.title')} state={promises} exportRoute={OperatorRoutes.bookPromisesCsv} exportQuery={marketQuery} exportLabel={t('bo.book.promises.export')}>
        {(report: PromisesReport) => <PromiseFigures report={report} share={share} />}
      </ReportSection>
    </section>
  );
}

type Figures<R> = { report: R; share: (bp: number) => string };

function ParFigures({ report, share }: Figures<ParReport>) {
  const t = useT();
  const { language } = useBackoffice();
  const money = (minor: number) => formatMinor(minor, language, report.currency);
  const total = totalRow(report);
  const labels = useMemo(() => PAR_THRESHOLDS.map((days) => `PAR${days}`), []);
  const series = useMemo(() => (total ? [{ label: t('bo.book.par.total'), values: [total.par1Bp, total.par30Bp, total.par60Bp, total.par90Bp] }] : []), [total, t]);
  const atRisk = (minor: number, bp: number) => `${money(minor)} (${share(bp)})`;
  return (
    <>
      {total ? <ReportChart caption={t('bo.book.par.caption')} labels={labels} series={series} value={share} bars xIncrs={EVERY_POINT} /> : null}
      <PlainTable
        rows={report.items}
        rowKey={(row) => String(row.productId ?? 'total')}
        rowData={(row) => row.productCode}
        columns={[
          { header: t('bo.book.par.product'), cell: (row) => (row.productId === null ? t('bo.book.par.total') : row.productCode) },
          { header: t('bo.book.par.outstanding'), cell: (row) => money(row.outstandingMinor) },
          { header: 'PAR1', cell: (row) => atRisk(row.par1Minor, row.par1Bp) },
          { header: 'PAR30', cell: (row) => atRisk(row.par30Minor, row.par30Bp) },
          { header: 'PAR60', cell: (row) => atRisk(row.par60Minor, row.par60Bp) },
          { header: 'PAR90', cell: (row) => atRisk(row.par90Minor, row.par90Bp) },
          { header: t('bo.book.par.writtenOff'), cell: (row: ParRow) => money(row.writtenOffMinor) },
        ]}
      />
    </>
  );
}

function VintageFigures({ report, share }: Figures<VintageReport>) {
  const t = useT();
  const { language } = useBackoffice();
  const rows = useMemo(() => vintageRows(report.items), [report]);
  const labels = useMemo(() => MONTHS_ON_BOOK.map(String), []);
  const series = useMemo(() => rows.map((row) => ({ label: formatMonth(row.vintage, language), values: row.late30Bp })), [rows, language]);
  return (
    <>
      {rows.length > 0 ? <ReportChart caption={t('bo.book.vintage.caption')} labels={labels} series={series} value={share} xIncrs={EVERY_POINT} /> : null}
      <PlainTable
        rows={rows}
        rowKey={(row) => row.vintage}
        rowData={(row) => row.vintage}
        columns={[
          { header: t('bo.book.vintage.month'), cell: (row) => formatMonth(row.vintage, language) },
          { header: t('bo.book.vintage.orders'), cell: (row) => row.orders },
          { header: t('bo.book.vintage.disbursed'), cell: (row) => formatMinor(row.disbursedMinor, language, report.currency) },
          ...MONTHS_ON_BOOK.map((n) => ({
            header: t('bo.book.vintage.mob', { n }),
            cell: (row: (typeof rows)[number]) => {
              const bp = row.late30Bp[n - 1];
              return bp === null || bp === undefined ? t('bo.book.none') : share(bp);
            },
          })),
        ]}
      />
    </>
  );
}

function RollFigures({ report, share }: Figures<RollRateReport>) {
  const t = useT();
  const { language } = useBackoffice();
  const rows = useMemo(() => rollRows(report), [report]);
  const bucketName = (bucket: string) => (bucket === CURED_BUCKET ? t('bo.book.roll.cured') : bucket);
  return (
    <>
      <p className="bo-muted">{t('bo.book.roll.intro')}</p>
      <PlainTable
        rows={rows}
        rowKey={(row) => `${row.month} ${row.fromBucket}`}
        rowData={(row) => `${row.month} ${row.fromBucket}`}
        columns={[
          { header: t('bo.book.roll.month'), cell: (row) => formatMonth(row.month, language) },
          { header: t('bo.book.roll.from'), cell: (row) => row.fromBucket },
          { header: t('bo.book.roll.orders'), cell: (row) => row.orders },
          ...report.buckets.map((bucket) => ({
            header: `→ ${bucketName(bucket)}`,
            cell: (row: (typeof rows)[number]) => {
              const cell = row.to.get(bucket);
              return cell ? t('bo.book.roll.cell', { share: share(cell.shareBp), orders: cell.orders }) : t('bo.book.none');
            },
          })),
        ]}
      />
    </>
  );
}

function EfficiencyFigures({ report, share }: Figures<EfficiencyReport>) {
  const t = useT();
  const { language } = useBackoffice();
  const money = (minor: number) => formatMinor(minor, language, report.currency);
  const labels = useMemo(() => report.items.map((row) => formatMonth(row.month, language)), [report, language]);
  const series = useMemo(() => [{ label: t('bo.book.eff.efficiency'), values: report.items.map((row) => row.efficiencyBp) }], [report, t]);
  return (
    <>
      {report.items.length > 0 ? <ReportChart caption={t('bo.book.eff.caption')} labels={labels} series={series} value={share} xIncrs={EVERY_POINT} /> : null}
      <PlainTable
        rows={[...report.items].reverse()}
        rowKey={(row) => row.month}
        rowData={(row) => row.month}
        columns={[
          { header: t('bo.book.eff.month'), cell: (row) => formatMonth(row.month, language) },
          { header: t('bo.book.eff.late'), cell: (row) => money(row.lateMinor) },
          { header: t('bo.book.eff.collected'), cell: (row) => money(row.collectedMinor) },
          { header: t('bo.book.eff.efficiency'), cell: (row) => share(row.efficiencyBp) },
        ]}
      />
    </>
  );
}

function PromiseFigures({ report, share }: Figures<PromisesReport>) {
  const t = useT();
  const { language } = useBackoffice();
  const money = (minor: number) => formatMinor(minor, language, report.currency);
  return (
    <PlainTable
      rows={report.items}
      rowKey={(row) => String(row.agentId ?? 'borrowers')}
      rowData={(row) => row.agentEmail ?? 'borrowers'}
      columns={[
        { header: t('bo.book.promises.agent'), cell: (row) => row.agentEmail ?? t('bo.book.promises.borrowers') },
        { header: t('bo.book.promises.made'), cell: (row) => row.promises },
        { header: t('bo.book.promises.open'), cell: (row) => row.open },
        { header: t('bo.book.promises.kept'), cell: (row) => row.kept },
        { header: t('bo.book.promises.partlyKept'), cell: (row) => row.partlyKept },
        { header: t('bo.book.promises.broken'), cell: (row) => row.broken },
        { header: t('bo.book.promises.promised'), cell: (row) => money(row.promisedMinor) },
        { header: t('bo.book.promises.keptAmount'), cell: (row) => money(row.keptMinor) },
        { header: t('bo.book.promises.keptShare'), cell: (row) => share(row.keptBp) },
      ]}
    />
  );
}
