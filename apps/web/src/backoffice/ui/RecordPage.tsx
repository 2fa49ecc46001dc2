import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/backoffice';

/** What a record's page knows of its record: still loading, not there, or a failure's text. */
export type RecordState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string };

/** The way back from a record to its list. */
export function BackLink({ listPath }: { listPath: string }) {
  const t = useT();
  return (
    <p>
      <a href={`#${listPath}`}>← {t('bo.record.back')}</a>
    </p>
  );
}

/** A record's page before its record is shown: loading is announced politely, a missing record or a failure as an alert. */
export function RecordPending({ listPath, heading, state, missing }: { listPath: string; heading: ReactNode; state: RecordState; missing: string }) {
  const t = useT();
  return (
    <section aria-labelledby="bo-page-heading">
      <BackLink listPath={listPath} />
      <h1 id="bo-page-heading">{heading}</h1>
      <p role={state.kind === 'loading' ? 'status' : 'alert'}>{state.kind === 'loading' ? t('bo.record.loading') : state.kind === 'missing' ? missing : state.message}</p>
    </section>
  );
}
