import type { KeyFacts } from '@lend/contracts';
import { useCallback, useMemo } from 'react';
import { useMarketFormat } from '../../lib/format';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { commonQuery, usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { getKeyFacts, type KeyFactsKey } from './api/get-key-facts';
import { KeyFactsStatement } from './components/KeyFactsStatement';
import './loan-confirm.css';

/** India's Key Facts Statement (`/keyFacts`): an order's as signed (`orderId`), or the draft of an offer (`productId`). */
export function KeyFactsScreen() {
  const t = useT();
  usePageTitle('keyFacts.title');
  const { orderId, productId } = usePageParams();
  const key = useMemo<KeyFactsKey>(() => (orderId ? { orderId } : { productId: productId ?? '' }), [orderId, productId]);
  const load = useCallback((signal: AbortSignal) => getKeyFacts(key, t('keyFacts.loading'), signal), [key, t]);
  const [state] = useCall(orderId || productId ? load : null);
  return (
    <Screen title={t('keyFacts.title')}>
      <CallResult state={state} loadingLabel={t('keyFacts.loading')}>
        {(facts) => <KeyFactsContent facts={facts} />}
      </CallResult>
    </Screen>
  );
}

function KeyFactsContent({ facts }: { facts: KeyFacts }) {
  const t = useT();
  const format = useMarketFormat(facts.market);
  const page = usePageParams();
  // The download is a plain link: the statement's address with the session's query, so the browser saves the server's page.
  const download = `${facts.documentPath}&${commonQuery(page).toString()}`;
  return (
    <>
      <section className="card key-facts__stamp">
        <p>{facts.state === 'signed' ? t('keyFacts.signed', { orderNo: facts.orderNo }) : t('keyFacts.draft')}</p>
        {facts.textHash && (
          <p className="key-facts__hash">
            <span className="muted">{t('keyFacts.fingerprint')}</span> <code>{facts.textHash}</code>
          </p>
        )}
        <a className="button button--ghost key-facts__download" href={download} download>
          {t('keyFacts.download')}
        </a>
      </section>
      <section className="card">
        <KeyFactsStatement facts={facts} format={format} />
      </section>
    </>
  );
}
