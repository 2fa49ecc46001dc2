import { companyFactsView, SITE_API_BASE, SITE_MARKET_PARAM, SitePath, type CompanyFacts } from '@lend/contracts';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { isAborted } from '../../lib/http/errors';
import { callEnvelope } from '../../lib/http/machine';
import { pageMarket, useSiteAddress } from './site-address';
import { readSiteFacts, type SiteFacts } from './site-boot';

const CompanyFactsContext = createContext<SiteFacts>({ facts: null, year: String(new Date().getFullYear()) });

/**
 * The lender's facts for every site page, of the page's market (docs/decisions/230). A prerendered
 * page brings them in its HTML, so the first render matches it exactly; otherwise they are fetched once.
 */
export function CompanyFactsProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState<SiteFacts>(() => readSiteFacts() ?? { facts: null, year: String(new Date().getFullYear()) });
  const needsFetch = readSiteFacts() === undefined;
  const market = pageMarket(useSiteAddress());

  useEffect(() => {
    if (!needsFetch) return;
    const controller = new AbortController();
    callEnvelope<CompanyFacts>(`${SITE_API_BASE}${SitePath.companyFacts}?${SITE_MARKET_PARAM}=${market}`, undefined, { encoding: 'json', method: 'GET', signal: controller.signal }).then(
      (facts) => setValue((current) => ({ ...current, facts: companyFactsView(facts) })),
      (error: unknown) => {
        // The footer then says the details are unavailable; an aborted call means the page left.
        if (!isAborted(error)) console.warn('company facts unavailable', error);
      },
    );
    return () => controller.abort();
  }, [needsFetch, market]);

  return <CompanyFactsContext.Provider value={value}>{children}</CompanyFactsContext.Provider>;
}

export function useCompanyFacts(): SiteFacts {
  return useContext(CompanyFactsContext);
}
