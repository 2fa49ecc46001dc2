import { Outlet } from 'react-router';
import { I18nProvider } from '../lib/i18n';
import { pageLanguage, usePageParams } from '../lib/page-params';
import { ToastProvider } from '../ui/toast/ToastProvider';

/** Root of every area: the language comes from the address, the toast host sits above all screens. */
export function AreaShell() {
  const language = pageLanguage(usePageParams());
  return (
    <I18nProvider language={language}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
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
