import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ListExportRoute, QueryValue } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { ExportLink } from '../../ui/ExportLink';
import { useFailureText } from '../../ui/FormParts';
import type { ChartSeries } from '../../ui/LineChart';

// uPlot is its own chunk, loaded when a report is drawn (docs/decisions/183).
const LineChart = lazy(() => import('../../ui/LineChart'));

/** Every chart here draws shares in basis points: the axis reaches 10 % at least. */
const SHARE_AXIS_TOP = 1000;

/** A report being read, read, or refused. */
export type Loaded<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; report: T };

/** Reads a report again whenever `load` changes (its filters did), dropping an answer that came after a newer read began. */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const failureText = useFailureText();
  // Read through a ref so a change of language does not read the report again.
  const failureTextRef = useRef(failureText);
  failureTextRef.current = failureText;
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    load().then(
      (report) => current && setState({ kind: 'found', report }),
      (failure: unknown) => current && setState({ kind: 'failed', message: failureTextRef.current(failure) }),
    );
    return () => {
      current = false;
    };
  }, [load]);
  return state;
}

/**
 * One report of the screen: its heading, its figures once read (or why not), and its CSV with the
 * same filters (docs/decisions/237), which answers while the screen is still reading.
 */
export function ReportSection<T>({
  id,
  title,
  state,
  exportRoute,
  exportQuery,
  exportLabel,
  children,
}: {
  id: string;
  title: string;
  state: Loaded<T>;
  exportRoute: ListExportRoute;
  exportQuery: Readonly<Record<string, QueryValue>>;
  exportLabel: string;
  children: (report: T) => ReactNode;
}) {
  const t = useT();
  return (
    <section className="bo-report" aria-labelledby={`bo-report-${id}`} data-report={id}>
      <h2 id={`bo-report-${id}`}>{title}</h2>
      {state.kind === 'loading' ? <p role="status">{t('bo.table.loading')}</p> : null}
      {state.kind === 'failed' ? (
        <p className="bo-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'found' ? children(state.report) : null}
      <ExportLink route={exportRoute} query={exportQuery} label={exportLabel} />
    </section>
  );
}

/** A chart of shares and its caption, which names it and says the table beside it holds every figure. */
export function ReportChart({ caption, labels, series, value, bars, xIncrs }: { caption: string; labels: readonly string[]; series: readonly ChartSeries[]; value: (value: number) => string; bars?: boolean; xIncrs?: readonly number[] }) {
  const t = useT();
  return (
    <figure className="bo-figure">
      <Suspense fallback={<p role="status">{t('bo.table.loading')}</p>}>
        <LineChart labels={labels} series={series} value={value} bars={bars} xIncrs={xIncrs} yTop={SHARE_AXIS_TOP} />
      </Suspense>
      <figcaption className="bo-muted">{caption}</figcaption>
    </figure>
  );
}
