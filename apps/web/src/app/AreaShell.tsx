import type { ReactNode } from 'react';
import { I18nProvider, type CatalogueSource } from '../lib/i18n';
import { pageLanguage, usePageParams } from '../lib/page-params';
import { ToastProvider } from '../ui/toast/ToastProvider';

/** Root of every area: the language comes from the address, the toast host sits above all screens. */
export function AreaShell({ catalogues, children }: { catalogues: CatalogueSource; children: ReactNode }) {
  const language = pageLanguage(usePageParams());
  return (
    <I18nProvider language={language} catalogues={catalogues}>
      <ToastProvider>{children}</ToastProvider>
    </I18nProvider>
  );
}

/** Shown while a screen's code is still downloading, before any text is available. */
export function AreaFallback() {
  return (
    <div className="loading">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
