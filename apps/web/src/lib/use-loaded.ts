import { useEffect, useState } from 'react';
import { ApiError, isAborted } from './http/errors';
import { useT } from './i18n';
import { toast } from './toast';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * Runs `load` (memoised by the caller) and tracks its answer. A refusal's message was already
 * shown by the envelope toast; a transport failure gets the catalogue's network message.
 * Changing `version` loads again.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, version = 0): Loaded<T> {
  const t = useT();
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
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
  }, [load, version, t]);

  return state;
}
