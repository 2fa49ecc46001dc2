import type { ReactNode } from 'react';
import type { CallState } from '../lib/http/use-call';
import { Loading } from './Loading';

/** A screen's loaded data: a spinner while loading, the refusal as an alert, else the content. */
export function CallResult<T>({
  state,
  loadingLabel,
  children,
}: {
  state: CallState<T>;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Loading label={loadingLabel} />;
  if (state.status === 'failed') {
    return (
      <p className="card notice--error" role="alert">
        {state.message}
      </p>
    );
  }
  return <>{children(state.data)}</>;
}
