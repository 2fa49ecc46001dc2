/**
 * Hash links put a route and its query after `#/` on the site root (`/#/downloadTemplate?id=1`):
 * the server never sees them. The one reading of such an address, used by the hash area's history,
 * the page params and the site root's inline script alike.
 */
export type HashLocation = { readonly pathname: string; readonly search: string };

export const isHashRoute = (hash: string): boolean => hash.startsWith('#/');

/** The fragment's route: its path, with a leading slash, and its query (`?a=1`, or '' without one). */
export function parseHashRoute(hash: string): HashLocation {
  const route = hash.startsWith('#') ? hash.slice(1) : hash;
  const mark = route.indexOf('?');
  const pathname = mark === -1 ? route : route.slice(0, mark);
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search: mark === -1 ? '' : route.slice(mark) };
}

/** A hash route's query (`?a=1`); '' for an address that is not a hash link or has no query. */
export function hashQuery(hash: string): string {
  return isHashRoute(hash) ? parseHashRoute(hash).search : '';
}

/** The address query as the page sees it: the hash route's query wins over the search string. */
export function addressQuery(address: Pick<Location, 'search' | 'hash'> = window.location): URLSearchParams {
  const query = new URLSearchParams(address.search);
  new URLSearchParams(hashQuery(address.hash)).forEach((value, key) => query.set(key, value));
  return query;
}
