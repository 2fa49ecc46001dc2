import { AppRoute, type LoanConfirm } from '@lend/contracts';
import { useCallback } from 'react';
import type { Formatters } from '../../../lib/format';
import { useCall } from '../../../lib/http/use-call';
import { useT } from '../../../lib/i18n/borrower';
import { pageHref } from '../../../lib/page-links';
import { usePageParams } from '../../../lib/page-params';
import { CallResult } from '../../../ui/CallResult';
import { getKeyFacts } from '../api/get-key-facts';
import { KeyFactsStatement } from './KeyFactsStatement';

/**
 * India: the Key Facts Statement of this offer, shown in full before the borrower confirms
 * (docs/decisions/143). The screen keys it by the offer's terms, so a revised offer fetches its own.
 */
export function KeyFactsSection({ offer, format }: { offer: Pick<LoanConfirm, 'productId'>; format: Formatters }) {
  const t = useT();
  const page = usePageParams();
  const productId = String(offer.productId);
  const load = useCallback((signal: AbortSignal) => getKeyFacts({ productId }, t('keyFacts.loading'), signal), [productId, t]);
  const [state] = useCall(load);
  return (
    <section className="card" aria-labelledby="key-facts-heading">
      <h2 id="key-facts-heading">{t('keyFacts.title')}</h2>
      <p className="muted">{t('keyFacts.beforeConfirm')}</p>
      <CallResult state={state} loadingLabel={t('keyFacts.loading')}>
        {(facts) => <KeyFactsStatement facts={facts} format={format} headingLevel={3} />}
      </CallResult>
      <a className="key-facts__link" href={pageHref(AppRoute.keyFacts, page, { productId })}>
        {t('keyFacts.open')}
      </a>
    </section>
  );
}
