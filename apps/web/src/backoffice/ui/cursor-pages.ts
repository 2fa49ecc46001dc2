import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '@lend/contracts';

/**
 * Where a reader is in a list the server pages with cursors (docs/decisions/168): the cursor of
 * each page seen so far, so "previous" goes back without the server knowing pages by number.
 */
export type CursorTrail = { readonly cursors: readonly (string | undefined)[]; readonly index: number };

export const firstPage = (): CursorTrail => ({ cursors: [undefined], index: 0 });

export function nextPage(trail: CursorTrail, nextCursor: string | null): CursorTrail {
  if (nextCursor === null) return trail;
  return { cursors: [...trail.cursors.slice(0, trail.index + 1), nextCursor], index: trail.index + 1 };
}

export function previousPage(trail: CursorTrail): CursorTrail {
  return trail.index === 0 ? trail : { cursors: trail.cursors, index: trail.index - 1 };
}

export const currentCursor = (trail: CursorTrail): string | undefined => trail.cursors[trail.index];

export type CursorPages<T> = {
  items: readonly T[] | null;
  loading: boolean;
  error: string | null;
  /** 1 for the first page. */
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
  reload: () => void;
};

/**
 * One page of a server-paged list at a time. `queryKey` names the filters and order: when it
 * changes, the list starts again at its first page (a cursor belongs to its query).
 */
export function useCursorPages<T>(queryKey: string, load: (cursor: string | undefined) => Promise<Page<T>>, errorText: (error: unknown) => string): CursorPages<T> {
  const [trail, setTrail] = useState<CursorTrail>(firstPage);
  const [trailKey, setTrailKey] = useState(queryKey);
  const [page, setPage] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const errorRef = useRef(errorText);
  errorRef.current = errorText;

  if (trailKey !== queryKey) {
    setTrailKey(queryKey);
    setTrail(firstPage());
  }
  const cursor = trailKey === queryKey ? currentCursor(trail) : undefined;

  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    loadRef.current(cursor).then(
      (answer) => {
        if (!current) return;
        setPage(answer);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(errorRef.current(failure));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [queryKey, cursor, reloads]);

  const nextCursor = page?.nextCursor ?? null;
  return {
    items: page?.items ?? null,
    loading,
    error,
    pageNumber: trail.index + 1,
    hasPrevious: trail.index > 0,
    hasNext: !loading && nextCursor !== null,
    next: useCallback(() => setTrail((now) => nextPage(now, nextCursor)), [nextCursor]),
    previous: useCallback(() => setTrail(previousPage), []),
    reload: useCallback(() => setReloads((count) => count + 1), []),
  };
}
