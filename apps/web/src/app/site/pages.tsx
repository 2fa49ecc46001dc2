import { AppRoute, SiteRoute } from '@lend/contracts';
import type { ComponentType } from 'react';
import { OfficialLayout } from '../../features/site/pages/OfficialLayout';

/**
 * Every site page is its own prerendered document; the browser loads only the code of the page
 * it is on, chosen by its path. The official pages share their header, menu and footer.
 */
const official =
  (Page: ComponentType): ComponentType =>
  () => (
    <OfficialLayout>
      <Page />
    </OfficialLayout>
  );

const privacyNotice = async () => (await import('../../features/site/pages/PrivacyNoticePage')).PrivacyNoticePage;

const SITE_PAGES: Readonly<Record<string, () => Promise<ComponentType>>> = {
  [SiteRoute.home]: async () => (await import('../../features/site/home/HomePage')).HomePage,
  [SiteRoute.about]: async () => official((await import('../../features/site/pages/AboutPage')).AboutPage),
  [SiteRoute.contact]: async () => official((await import('../../features/site/pages/ContactPage')).ContactPage),
  [SiteRoute.user]: async () => official((await import('../../features/site/pages/UserPage')).UserPage),
  [SiteRoute.policy]: async () => official((await import('../../features/site/pages/PolicyPage')).PolicyPage),
  [SiteRoute.loan]: async () => official((await import('../../features/site/pages/LoanPage')).LoanPage),
  [AppRoute.privacyPolicy]: privacyNotice,
  [AppRoute.privacyNotice]: privacyNotice,
};

/** The page's path as the site names it: `/About/` is `/About`. */
export function sitePagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The page component for a path, or undefined for a path the site does not serve. */
export function loadSitePage(pathname: string): Promise<ComponentType> | undefined {
  return SITE_PAGES[sitePagePath(pathname)]?.();
}
