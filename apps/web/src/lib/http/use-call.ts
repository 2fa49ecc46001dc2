import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n';
import { toast } from '../toast';
import { ApiError, isAborted } from './errors';

export type CallState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * Loads a screen's data once per `load` (memoise it on its inputs), aborting when the screen
 * goes away; no `load` (the address lacks what the screen needs) reads as not found. A refused call keeps the server's message (its toast already showed); a transport
 * failure shows the network message. `replace` swaps in newer data (a reload, an update).
 */
export function useCall<T>(load: ((signal: AbortSignal) => Promise<T>) | null): [CallState<T>, (data: T) => void] {
  const t = useT();
  const [state, setState] = useState<CallState<T>>({ status: 'loading' });
  useEffect(() => {
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
        if (error instanceof ApiError) return setState({ status: 'failed', message: error.message });
        toast.show(t('errors.network'));
        setState({ status: 'failed', message: t('errors.network') });
      },
    );
    return () => controller.abort();
  }, [load, t]);
  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return [state, replace];
}
