import { SITE_ROUTE_PATHS } from '@lend/contracts';

export type Area = 'hash' | 'site' | 'borrower';

/**
 * Which of the three areas owns an address. Hash links (`/#/borrowDetail/?…`) come first
 * because they sit on the site root; then the public site's pages; everything else is the
 * borrower app, whose router shows its not-found screen for unknown paths.
 */
export function detectArea(address: Pick<Location, 'pathname' | 'hash'>): Area {
  if (address.hash.startsWith('#/')) return 'hash';
  const path = address.pathname.length > 1 ? address.pathname.replace(/\/+$/, '') : address.pathname;
  return SITE_ROUTE_PATHS.includes(path) ? 'site' : 'borrower';
}
