import { useEffect, type ReactNode } from 'react';
import { CompanyFactsProvider } from './company-facts';
import './site.css';

/** Every page of the site area shares the lender's facts and the site's styles. */
export function SiteShell({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  // A prerendered page looks ready before its scripts run; this tells tests and monitors when it is.
  // Children's effects run first, so by now the whole page has been taken over.
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', 'true');
    onHydrated?.();
  }, [onHydrated]);
  return <CompanyFactsProvider>{children}</CompanyFactsProvider>;
}
