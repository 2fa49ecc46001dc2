import { useSyncExternalStore } from 'react';

/**
 * The back office's place lives in the address's hash (`/backoffice#/complaints?status=open`,
 * docs/decisions/166): the server answers one page, `/backoffice`, and any screen survives a reload.
 */
export type HashLocation = { path: string; params: URLSearchParams };

export function parseHash(hash: string): HashLocation {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const mark = text.indexOf('?');
  const path = (mark === -1 ? text : text.slice(0, mark)) || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, params: new URLSearchParams(mark === -1 ? '' : text.slice(mark + 1)) };
}

/** `#/path?query`, leaving out empty values. */
export function hashHref(path: string, params: Readonly<Record<string, string | undefined>> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return `#${path}${text ? `?${text}` : ''}`;
}

const subscribe = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};

/** The current hash, re-rendering on every change. */
export function useHashLocation(): HashLocation {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash, () => '');
  return parseHash(hash);
}

export function navigate(path: string, params?: Readonly<Record<string, string | undefined>>): void {
  window.location.hash = hashHref(path, params);
}
