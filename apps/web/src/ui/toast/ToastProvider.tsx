import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { toast as defaultStore, type ToastStore, type ToastState } from '../../lib/toast';
import { useT } from '../../lib/i18n';
import { focusBox, toastPlace, visibleHeight, type ToastPlace } from './toast-place';

const ToastContext = createContext<ToastStore>(defaultStore);

/** Renders the one toast of the store; the live region stays mounted so readers announce it. */
export function ToastProvider({ store = defaultStore, children }: { store?: ToastStore; children: ReactNode }) {
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastHost store={store} />
    </ToastContext.Provider>
  );
}

const noToast = () => null;

/** Each toast's place, worked out once when it shows, away from the element in use then. */
const places = new WeakMap<NonNullable<ToastState>, ToastPlace>();

function placeOf(current: NonNullable<ToastState>): ToastPlace {
  let place = places.get(current);
  if (place === undefined) {
    place = toastPlace(focusBox(), visibleHeight());
    places.set(current, place);
  }
  return place;
}

function ToastHost({ store }: { store: ToastStore }) {
  const t = useT();
  // Prerendered pages carry no toast, so hydration starts from none.
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, noToast);
  // Only a toast in the browser is placed: the server and prerendered pages have none.
  const place = current ? placeOf(current) : 'bottom';
  return (
    <div className={`toast-region toast-region--${place}`} role="status" aria-live="polite" aria-label={t('common.notifications')}>
      {current && (
        <div className="toast" aria-busy={current.kind === 'loading'} data-place={place}>
          {current.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          <span>{current.text}</span>
        </div>
      )}
    </div>
  );
}

export function useToast(): ToastStore {
  return useContext(ToastContext);
}
