export const SERVICE_WORKER_URL = '/sw.js';
/** Marks that this tab already reloaded once after removing a broken worker. */
export const RELOAD_GUARD_KEY = 'lend.sw-reset';

export type ServiceWorkerEnv = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  container: Pick<ServiceWorkerContainer, 'register' | 'getRegistrations'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
};

export type ServiceWorkerOutcome = 'registered' | 'removed' | 'removed-and-reloaded' | 'skipped';

/** A worker script is valid only when the server answers it with JavaScript. */
export function isWorkerScript(response: Pick<Response, 'ok' | 'headers'>): boolean {
  const type = response.headers.get('content-type') ?? '';
  return response.ok && /\b(?:java|ecma)script\b/i.test(type);
}

/**
 * Registers the worker after checking its script (docs/decisions/012). When the script is gone (404) or
 * the server answers HTML in its place, an installed worker would keep serving an old build:
 * remove every registration and reload once. The session-scoped guard stops a reload loop.
 */
export async function checkAndRegister(env: ServiceWorkerEnv): Promise<ServiceWorkerOutcome> {
  let response: Response;
  try {
    response = await env.fetch(SERVICE_WORKER_URL, { cache: 'no-store' });
  } catch {
    return 'skipped';
  }
  if (isWorkerScript(response)) {
    env.storage.removeItem(RELOAD_GUARD_KEY);
    await env.container.register(SERVICE_WORKER_URL, { scope: '/' });
    return 'registered';
  }
  if (response.status !== 404 && response.ok === false) return 'skipped';
  const registrations = await env.container.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if (registrations.length === 0 || env.storage.getItem(RELOAD_GUARD_KEY) !== null) return 'removed';
  env.storage.setItem(RELOAD_GUARD_KEY, '1');
  env.reload();
  return 'removed-and-reloaded';
}

/** Production only: in development the worker would cache the dev server's modules. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const check = () =>
    void checkAndRegister({
      fetch: (url, init) => fetch(url, init),
      container: navigator.serviceWorker,
      storage: window.sessionStorage,
      reload: () => window.location.reload(),
    }).catch((error: unknown) => console.warn('service worker check failed', error));
  // A borrower page loads its scripts once it has painted (docs/decisions/240): the page may have
  // finished loading before this runs, and its `load` would never come.
  if (document.readyState === 'complete') check();
  else window.addEventListener('load', check, { once: true });
}
