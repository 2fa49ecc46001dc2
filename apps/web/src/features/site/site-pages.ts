import { SiteRoute } from '@lend/contracts';
import type { MessageKey } from '../../lib/i18n';

export type SitePageContent = {
  path: string;
  nav: MessageKey;
  title: MessageKey;
  body: readonly MessageKey[];
};

/** The six public pages (spec §2 'Public site routes'), in menu order. */
export const SITE_PAGES: readonly SitePageContent[] = [
  { path: SiteRoute.home, nav: 'site.nav.home', title: 'site.home.title', body: ['site.home.body1', 'site.home.body2'] },
  { path: SiteRoute.about, nav: 'site.nav.about', title: 'site.about.title', body: ['site.about.body1', 'site.about.body2'] },
  { path: SiteRoute.user, nav: 'site.nav.user', title: 'site.user.title', body: ['site.user.body1', 'site.user.body2'] },
  {
    path: SiteRoute.contact,
    nav: 'site.nav.contact',
    title: 'site.contact.title',
    body: ['site.contact.body1', 'site.contact.body2'],
  },
  {
    path: SiteRoute.policy,
    nav: 'site.nav.policy',
    title: 'site.policy.title',
    body: ['site.policy.body1', 'site.policy.body2'],
  },
  { path: SiteRoute.loan, nav: 'site.nav.loan', title: 'site.loan.title', body: ['site.loan.body1', 'site.loan.body2'] },
];
