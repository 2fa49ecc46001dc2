import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { toast as defaultStore, type ToastStore } from '../../lib/toast';
import { useT } from '../../lib/i18n';

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

function ToastHost({ store }: { store: ToastStore }) {
  const t = useT();
  // Prerendered pages carry no toast, so hydration starts from none.
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, noToast);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-label={t('common.notifications')}>
      {current && (
        <div className="toast" aria-busy={current.kind === 'loading'}>
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
