import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { ApiError, isAborted } from './errors';

/** A failed load keeps the server's message and code (none for a transport failure or a missing address). */
export type CallState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string; code?: number };

/**
 * Loads a screen's data once per `load` (memoise it on its inputs), aborting when the screen
 * goes away; no `load` (the address lacks what the screen needs) reads as not found. A refused call keeps the server's message and code, a transport
 * failure the network message: the screen shows either in place of its data, and only there (its
 * calls leave refusals to it: docs/decisions/234). `replace` swaps in newer data (a reload, an update).
 * `inPage` gives the answer the page already carries (rendered by the server with it): the screen
 * starts from it, on the server and when the browser takes the page over, and does not call for it.
 */
export function useCall<T>(load: ((signal: AbortSignal) => Promise<T>) | null, inPage?: () => T | undefined): [CallState<T>, (data: T) => void] {
  const t = useT();
  const [state, setState] = useState<CallState<T>>(() => {
    const data = load ? inPage?.() : undefined;
    return data === undefined ? { status: 'loading' } : { status: 'ready', data };
  });
  // The load whose answer came with the page: nothing to ask for it.
  const answered = useRef(state.status === 'ready' ? load : null);
  useEffect(() => {
    if (load && load === answered.current) return;
    answered.current = null;
    if (!load) {
      setState({ status: 'failed', message: t('notFound.body') });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (isAborted(error)) return;
        if (error instanceof ApiError) return setState({ status: 'failed', message: error.message, code: error.code });
        setState({ status: 'failed', message: t('errors.network') });
      },
    );
    return () => controller.abort();
  }, [load, t]);
  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return [state, replace];
}
