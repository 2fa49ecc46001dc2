import type { ReactNode } from 'react';
import type { Loaded } from '../../../lib/use-loaded';
import { Loading } from '../../../ui/Loading';

/** The spinner, the refusal, or the screen's content once its data has arrived. */
export function LoadedContent<T>({ state, children }: { state: Loaded<T>; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed') {
    return (
      <p className="card complaint-error" role="alert">
        {state.message}
      </p>
    );
  }
  return children(state.data);
}
