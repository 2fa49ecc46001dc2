import { AppRoute, SITE_ROUTE_PATHS } from '@lend/contracts';
import { isHashRoute } from '../lib/hash-route';

export type Area = 'hash' | 'site' | 'borrower';

/** The privacy notice is a public document: the site area serves it, prerendered, to the app too. */
const SITE_AREA_PATHS: readonly string[] = [...SITE_ROUTE_PATHS, AppRoute.privacyPolicy, AppRoute.privacyNotice];

/**
 * Which of the three areas owns an address. Hash links (`/#/borrowDetail/?…`) come first
 * because they sit on the site root; then the public site's pages; everything else is the
 * borrower app, whose router shows its not-found screen for unknown paths. The privacy notice
 * pages belong to the site.
 */
export function detectArea(address: Pick<Location, 'pathname' | 'hash'>): Area {
  if (isHashRoute(address.hash)) return 'hash';
  const path = address.pathname.length > 1 ? address.pathname.replace(/\/+$/, '') : address.pathname;
  return SITE_AREA_PATHS.includes(path) ? 'site' : 'borrower';
}
