import { AppRoute, SiteRoute } from '@lend/contracts';
import type { MessageKey } from '../../lib/i18n/site';

export type PageMeta = { title: MessageKey; description: MessageKey };

/** Title and description of every page the site area renders; the prerender writes them into <head>. */
export const PAGE_META: Readonly<Record<string, PageMeta>> = {
  [SiteRoute.home]: { title: 'site.meta.home.title', description: 'site.meta.home.description' },
  [SiteRoute.about]: { title: 'site.page.about', description: 'site.meta.about.description' },
  [SiteRoute.user]: { title: 'site.page.user', description: 'site.meta.user.description' },
  [SiteRoute.contact]: { title: 'site.page.contact', description: 'site.meta.contact.description' },
  [SiteRoute.policy]: { title: 'site.page.policy', description: 'site.meta.policy.description' },
  [SiteRoute.loan]: { title: 'site.page.loan', description: 'site.meta.loan.description' },
  [AppRoute.privacyPolicy]: { title: 'site.meta.privacyNotice.title', description: 'site.meta.privacyNotice.description' },
  [AppRoute.privacyNotice]: { title: 'site.meta.privacyNotice.title', description: 'site.meta.privacyNotice.description' },
};
