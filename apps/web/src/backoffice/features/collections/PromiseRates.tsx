import { useEffect, useRef, useState } from 'react';
import { OperatorRoutes, type AgentPromiseRate, type PromiseRates } from '@lend/contracts';
import type { Market } from '@lend/domain';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatMinor } from '../../lib/format';
import { ErrorLine, useFailureText } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';

/** The rate in the reader's language: basis points as a percentage with one decimal. */
function percent(rateBp: number, language: 'en' | 'es'): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-IN', { style: 'percent', maximumFractionDigits: 1 }).format(rateBp / 10_000);
}

/**
 * Promises taken in the market's last 30 days and how well they were kept (docs/decisions/246):
 * the signed-in agent's own, or every agent's for a supervisor. The rate weighs each decided
 * promise by its amount: what the money that arrived kept, over what was promised.
 */
export function PromiseRatesPanel({ market }: { market: Market }) {
  const t = useT();
  const { api, me, language } = useBackoffice();
  const failureText = useFailureText();
  // Read through a ref so a change of language does not fetch again.
  const failureTextRef = useRef(failureText);
  failureTextRef.current = failureText;
  const [rates, setRates] = useState<PromiseRates | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setRates(null);
    setError(null);
    api.call(OperatorRoutes.collectionPromiseRates, { query: { market } }).then(
      (answer) => current && setRates(answer),
      (failure: unknown) => current && setError(failureTextRef.current(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, market]);

  const money = (minor: number) => formatMinor(minor, language, rates?.currency);
  return (
    <section className="bo-coll-rates" aria-labelledby="bo-coll-rates" data-promise-rates="">
      <h2 id="bo-coll-rates">{me.role === 'admin' ? t('bo.coll.rates.titleAll') : t('bo.coll.rates.titleMine')}</h2>
      <ErrorLine message={error} />
      {rates ? (
        <>
          <p id="bo-coll-rates-window" className="bo-muted">{t('bo.coll.rates.window', { from: formatDay(rates.from, language), to: formatDay(rates.to, language) })}</p>
          {/* Focusable, so a keyboard scrolls it when it is wider than the screen. */}
          <div className="bo-coll-rates__scroll" role="region" aria-labelledby="bo-coll-rates-window" tabIndex={0}>
            <PlainTable<AgentPromiseRate>
              rows={rates.agents}
              rowKey={(row) => String(row.staffId)}
              columns={[
                { header: t('bo.coll.rates.agent'), cell: (row) => row.email },
                { header: t('bo.coll.rates.taken'), cell: (row) => row.taken },
                { header: t('bo.coll.promise.state.kept'), cell: (row) => row.kept },
                { header: t('bo.coll.promise.state.partly-kept'), cell: (row) => row.partlyKept },
                { header: t('bo.coll.promise.state.broken'), cell: (row) => row.broken },
                { header: t('bo.coll.promise.state.open'), cell: (row) => row.open },
                { header: t('bo.coll.rates.amounts'), cell: (row) => t('bo.coll.rates.amountsValue', { kept: money(row.keptMinor), promised: money(row.decidedMinor) }) },
                { header: t('bo.coll.rates.rate'), cell: (row) => (row.rateBp === null ? t('bo.coll.none') : <span data-rate="">{percent(row.rateBp, language)}</span>) },
              ]}
            />
          </div>
          <p className="bo-muted">{t('bo.coll.rates.how')}</p>
        </>
      ) : null}
    </section>
  );
}
