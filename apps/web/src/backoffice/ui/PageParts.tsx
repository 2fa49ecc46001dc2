import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/backoffice';

/** The link back to a page's list, above its heading. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <p>
      <a href={href}>← {label}</a>
    </p>
  );
}

/**
 * A page whose object is not there to show: still loading (announced politely), or missing or
 * failed (announced as an alert), under its heading and the way back.
 */
export function PageNotReady({ back, heading, loading, problem }: { back: ReactNode; heading: string; loading: boolean; problem: string }) {
  const t = useT();
  return (
    <section aria-labelledby="bo-page-heading">
      {back}
      <h1 id="bo-page-heading">{heading}</h1>
      <p role={loading ? 'status' : 'alert'}>{loading ? t('bo.table.loading') : problem}</p>
    </section>
  );
}
