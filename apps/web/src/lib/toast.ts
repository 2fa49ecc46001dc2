import { Limits } from '@lend/contracts';

export type ToastKind = 'message' | 'loading';
export type ToastState = { id: number; kind: ToastKind; text: string } | null;
export type LoadingHandle = { hide: () => void };

export type ToastStore = {
  /** Shows text for `ms` (3 s by default, never under 300 ms), replacing any toast on screen. */
  show: (text: string, ms?: number) => number;
  /** Shows a loading toast until the returned handle hides it. */
  loading: (text: string) => LoadingHandle;
  /** Hides the toast `id`, or whatever is shown when no id is given. */
  hide: (id?: number) => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ToastState;
};

type Timers = {
  setTimeout: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (timer: ReturnType<typeof setTimeout>) => void;
};

export function toastDuration(ms: number | undefined): number {
  return Math.max(ms ?? Limits.toastDefaultMs, Limits.toastMinMs);
}

/**
 * One toast at a time, kept outside React so the HTTP layer can raise one without a hook.
 * Ids stop a late `hide` from removing a newer toast (a loading toast ending after an error).
 */
export function createToastStore(timers: Timers = globalThis): ToastStore {
  let current: ToastState = null;
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const set = (state: ToastState) => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    current = state;
    listeners.forEach((listener) => listener());
  };

  const hide = (id?: number) => {
    if (current && (id === undefined || current.id === id)) set(null);
  };

  return {
    show(text, ms) {
      const id = nextId++;
      set({ id, kind: 'message', text });
      timer = timers.setTimeout(() => hide(id), toastDuration(ms));
      return id;
    },
    loading(text) {
      const id = nextId++;
      set({ id, kind: 'loading', text });
      return { hide: () => hide(id) };
    },
    hide,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => current,
  };
}

export const toast = createToastStore();
