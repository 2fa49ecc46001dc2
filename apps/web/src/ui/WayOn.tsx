import { AppRoute } from '@lend/contracts';
import { useT } from '../lib/i18n';
import { nativeBridge } from '../lib/native-bridge';
import { pageHref } from '../lib/page-links';
import { usePageParams } from '../lib/page-params';

export type WayOnProps = {
  /** The order's details screen, for a screen about one order (its receipts, a refusal about it). */
  loanHref?: string | undefined;
  /** The app's home (the host's home tab through the bridge; the site's home in a plain browser). */
  home?: boolean;
  /** The app's sign-in screen through the bridge, for a session the server no longer knows. */
  signIn?: boolean;
  /** Customer service (`/Dag` with the session params), when the page has a session to load it with. */
  service?: boolean;
};

/**
 * Where a borrower goes from a screen that ends there (a receipt, a refusal, an address that leads
 * nowhere): each screen says which ways it offers (docs/decisions/234). Links keep a real address;
 * the host's screens are reached through the native bridge.
 */
export function WayOn({ loanHref, home = false, signIn = false, service = false }: WayOnProps) {
  const t = useT();
  const page = usePageParams();
  const withService = service && page.sessionId !== undefined;
  return (
    <nav className="way-on" aria-label={t('wayOn.label')} data-testid="way-on">
      {signIn && (
        <button type="button" className="button" onClick={() => nativeBridge.goToLogin()} data-way="sign-in">
          {t('wayOn.signIn')}
        </button>
      )}
      {loanHref && (
        <a className="button" href={loanHref} data-way="loan">
          {t('wayOn.loan')}
        </a>
      )}
      {home && (
        <button type="button" className={signIn || loanHref ? 'button button--ghost' : 'button'} onClick={() => nativeBridge.goHome()} data-way="home">
          {t('wayOn.home')}
        </button>
      )}
      {withService && (
        <a className="button button--ghost" href={pageHref(AppRoute.customerService, page)} data-way="service">
          {t('wayOn.service')}
        </a>
      )}
    </nav>
  );
}
