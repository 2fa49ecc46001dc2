import { parseHashRoute } from '../hash-route';

/** Where an area is: the screen's path and its query (`?a=1`, or '' without one). */
export type RouteLocation = { readonly pathname: string; readonly search: string };

/** An absolute address (`/path?query`), or a change of the current one's path or query. */
export type To = string | { pathname?: string; search?: string };

export type NavigationKind = 'push' | 'replace' | 'pop';

/**
 * How an area keeps its location in the browser's address: history paths for the borrower
 * area, `#/path?query` for the hash area. Listeners hear navigations of either origin: ours
 * (push, replace) and the browser's (back, forward, an edited hash).
 */
export type RouterHistory = {
  location(): RouteLocation;
  /** The `href` a link to `to` carries. */
  href(to: To): string;
  navigate(to: To, kind: 'push' | 'replace'): void;
  listen(listener: (location: RouteLocation, kind: NavigationKind) => void): () => void;
};

export function resolveTo(to: To, from: RouteLocation): RouteLocation {
  if (typeof to !== 'string') {
    const search = to.search ?? (to.pathname === undefined ? from.search : '');
    return { pathname: to.pathname ?? from.pathname, search: search && !search.startsWith('?') ? `?${search}` : search };
  }
  const mark = to.indexOf('?');
  const pathname = mark === -1 ? to : to.slice(0, mark);
  return { pathname: pathname || from.pathname, search: mark === -1 ? '' : to.slice(mark) };
}

type Codec = { read(): RouteLocation; write(location: RouteLocation): string };

function createHistory(codec: Codec, browserEvents: readonly string[]): RouterHistory {
  const listeners = new Set<(location: RouteLocation, kind: NavigationKind) => void>();
  const notify = (kind: NavigationKind) => {
    const location = codec.read();
    listeners.forEach((listener) => listener(location, kind));
  };
  const onBrowserNavigation = () => notify('pop');
  return {
    location: () => codec.read(),
    href: (to) => codec.write(resolveTo(to, codec.read())),
    navigate(to, kind) {
      const url = codec.write(resolveTo(to, codec.read()));
      if (kind === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      notify(kind);
    },
    listen(listener) {
      if (listeners.size === 0) browserEvents.forEach((event) => window.addEventListener(event, onBrowserNavigation));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) browserEvents.forEach((event) => window.removeEventListener(event, onBrowserNavigation));
      };
    },
  };
}

/** The borrower area: the address's own path and query. */
export function createBrowserHistory(): RouterHistory {
  return createHistory(
    {
      read: () => ({ pathname: window.location.pathname, search: window.location.search }),
      write: ({ pathname, search }) => `${pathname}${search}`,
    },
    ['popstate'],
  );
}

/** The hash area: path and query live in the fragment of the site root, `/#/path?query`. */
export function createHashHistory(): RouterHistory {
  return createHistory(
    {
      read: () => parseHashRoute(window.location.hash),
      write: ({ pathname, search }) => `${window.location.pathname}${window.location.search}#${pathname}${search}`,
    },
    // A hand-edited fragment fires hashchange only; back and forward fire popstate.
    ['popstate', 'hashchange'],
  );
}
