import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { CompanyFactsProvider } from './company-facts';
import './site.css';

/** Every page of the site area shares the lender's facts and the site's styles. */
export function SiteShell() {
  // A prerendered page looks ready before its scripts run; this tells tests and monitors when it is.
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', 'true');
  }, []);
  return (
    <CompanyFactsProvider>
      <Outlet />
    </CompanyFactsProvider>
  );
}
