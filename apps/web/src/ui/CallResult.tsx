import { ErrorCode } from '@lend/contracts';
import type { ReactNode } from 'react';
import type { CallState } from '../lib/http/use-call';
import { Loading } from './Loading';
import { WayOn, type WayOnProps } from './WayOn';

/** Refusals of a session the server no longer takes: the way on is signing in again. */
const SESSION_REFUSALS: readonly number[] = [ErrorCode.SessionRequired, ErrorCode.SessionUnknown, ErrorCode.SessionExpired, ErrorCode.SessionUserMismatch];

/** The way on after a refused load: signing in again for a refused session, else the screen's own. */
export function refusedWayOn(code: number | undefined, wayOn: WayOnProps): WayOnProps {
  return code !== undefined && SESSION_REFUSALS.includes(code) ? { signIn: true, home: true } : wayOn;
}

/**
 * A screen's loaded data: a spinner while loading, else the content. A refusal is said once, here,
 * in place of the data, with the way on (docs/decisions/234): signing in again for a session the
 * server no longer takes, else what the screen names in `wayOn` (by default the app's home and
 * customer service).
 */
export function CallResult<T>({
  state,
  loadingLabel,
  wayOn = { home: true, service: true },
  children,
}: {
  state: CallState<T>;
  loadingLabel?: string;
  wayOn?: WayOnProps;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Loading label={loadingLabel} />;
  if (state.status === 'failed') {
    return (
      <>
        <p className="card notice--error" role="alert" data-testid="call-refused">
          {state.message}
        </p>
        <WayOn {...refusedWayOn(state.code, wayOn)} />
      </>
    );
  }
  return <>{children(state.data)}</>;
}
