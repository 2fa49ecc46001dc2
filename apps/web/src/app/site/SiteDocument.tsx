import { StrictMode, type ComponentType } from 'react';
import { SiteAddressProvider, siteLanguage, type SiteAddress } from '../../features/site/site-address';
import { SiteShell } from '../../features/site/SiteShell';
import { I18nProvider } from '../../lib/i18n';
import { siteCatalogues } from '../../lib/i18n/site';
import { ToastProvider } from '../../ui/toast/ToastProvider';

type Props = { address: SiteAddress; page: ComponentType; onHydrated?: () => void };

/** One site page with what every page shares; the prerender and the browser render this same tree. */
export function SiteDocument({ address, page: Page, onHydrated }: Props) {
  return (
    <StrictMode>
      <SiteAddressProvider value={address}>
        <I18nProvider language={siteLanguage(address)} catalogues={siteCatalogues}>
          <ToastProvider>
            <SiteShell onHydrated={onHydrated}>
              <Page />
            </SiteShell>
          </ToastProvider>
        </I18nProvider>
      </SiteAddressProvider>
    </StrictMode>
  );
}
