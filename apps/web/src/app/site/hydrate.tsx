import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { siteLanguage, type SiteAddress } from '../../features/site/site-address';
import { rememberTypedFields } from '../../features/site/typed-fields';
import { siteCatalogues } from '../../lib/i18n/site';
import { loadSitePage } from './pages';
import { SiteDocument } from './SiteDocument';

const currentAddress = (): SiteAddress => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * Takes over the prerendered page with the same tree (see prerender.tsx). As a transition the
 * work yields to the browser in small slices, so the page on screen stays responsive meanwhile.
 */
export async function hydrateSite(container: HTMLElement, onHydrated: () => void): Promise<void> {
  const address = currentAddress();
  const [page] = await Promise.all([loadSitePage(address.pathname), siteCatalogues.load(siteLanguage(address))]);
  if (!page) return;
  rememberTypedFields(container);
  startTransition(() => {
    hydrateRoot(container, <SiteDocument address={address} page={page} onHydrated={onHydrated} />);
  });
}

/** Without prerendered HTML (the dev server) the page is simply rendered. */
export async function renderSite(container: HTMLElement): Promise<void> {
  const address = currentAddress();
  const [page] = await Promise.all([loadSitePage(address.pathname), siteCatalogues.load(siteLanguage(address))]);
  if (page) createRoot(container).render(<SiteDocument address={address} page={page} />);
}
