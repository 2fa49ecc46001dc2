/**
 * What the browser build imports as `react` (decision 104): preact/compat, plus React 19's `use`
 * for a promise, which compat lacks. The server's renders and the unit tests keep React.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

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
