import type { Collector } from '@lend/contracts';
import { useId } from 'react';
import { useT } from '../../lib/i18n/borrower';

/**
 * Who collects the loan when the lender placed it with an outside agency (docs/decisions/249): its
 * name, registration and how to reach it, as the borrower must be told before it contacts them.
 */
export function CollectorCard({ collector }: { collector: Collector }) {
  const t = useT();
  const id = useId();
  return (
    <section className="card promise__form" aria-labelledby={`${id}-title`} data-collector="">
      <h2 id={`${id}-title`}>{t('collector.title')}</h2>
      <p>{t('collector.intro', { name: collector.name })}</p>
      <dl className="promise__collector">
        {collector.registration ? (
          <>
            <dt>{t('collector.registration')}</dt>
            <dd>{collector.registration}</dd>
          </>
        ) : null}
        <dt>{t('collector.phone')}</dt>
        <dd>
          <a href={`tel:${collector.phone.replace(/[^\d+]/g, '')}`}>{collector.phone}</a>
        </dd>
        {collector.email ? (
          <>
            <dt>{t('collector.email')}</dt>
            <dd>{collector.email}</dd>
          </>
        ) : null}
        {collector.address ? (
          <>
            <dt>{t('collector.address')}</dt>
            <dd>{collector.address}</dd>
          </>
        ) : null}
      </dl>
      <p className="muted">{t('collector.rules')}</p>
    </section>
  );
}
