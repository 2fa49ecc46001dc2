/**
 * What the browser build imports as `react` (decision 104): preact/compat, plus React 19's `use`
 * for a promise, which compat lacks, and two of React 19's behaviours the app relies on. The
 * server's renders and the unit tests keep React.
 */
import { options, type VNode } from 'preact';

// What the app imports from React, by name: one it starts using that is not here fails the build.
export {
  Component,
  createContext,
  createElement,
  Fragment,
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'preact/compat';

const isFunctionComponent = (type: VNode['type']) => typeof type === 'function' && !(type.prototype && 'render' in type.prototype);

// React 19 hands a function component its `ref` as a prop (a `Link` forwards it to its anchor);
// Preact keeps it on the element unless the component was wrapped in forwardRef.
const createdBefore = options.vnode;
options.vnode = (vnode) => {
  createdBefore?.(vnode);
  if (vnode.ref && isFunctionComponent(vnode.type)) {
    Object.assign(vnode.props, { ref: vnode.ref });
    vnode.ref = null;
  }
};

// Effects run in a task of their own right after the render, as React's do, rather than after the
// next animation frame: an effect that starts a timer (a countdown) starts it when the render did.
options.requestAnimationFrame = (flush) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => flush();
  channel.port2.postMessage(null);
};

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };
const settled = new WeakMap<PromiseLike<unknown>, Settled>();

/**
 * Suspense in Preact takes anything thrown with a `then`: an error carrying the promise's, so the
 * nearest boundary shows its fallback until the promise settles and renders again.
 */
class Suspended extends Error {
  readonly then: PromiseLike<unknown>['then'];
  constructor(promise: PromiseLike<unknown>) {
    super('suspended until a promise settles');
    this.then = (resolved, rejected) => promise.then(resolved, rejected);
  }
}

/** React 19's `use` for a promise (the app reads contexts with `useContext`): its value once settled. */
export function use<T>(usable: PromiseLike<T>): T {
  const state = settled.get(usable);
  if (state?.ok) return state.value as T;
  if (state) throw state.error;
  usable.then(
    (value) => void settled.set(usable, { ok: true, value }),
    (error: unknown) => void settled.set(usable, { ok: false, error }),
  );
  throw new Suspended(usable);
}
