import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_KEY, checkAndRegister, isWorkerScript, type ServiceWorkerEnv } from './service-worker';

function env(response: Response | Error, registrations = 1, storage = new Map<string, string>()) {
  const unregister = vi.fn(async () => true);
  const reload = vi.fn();
  const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
  const value: ServiceWorkerEnv = {
    fetch: async () => {
      if (response instanceof Error) throw response;
      return response;
    },
    container: {
      register,
      getRegistrations: async () =>
        Array.from({ length: registrations }, () => ({ unregister }) as unknown as ServiceWorkerRegistration),
    },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, v) => void storage.set(key, v),
      removeItem: (key) => void storage.delete(key),
    },
    reload,
  };
  return { value, unregister, reload, register, storage };
}

const script = () => new Response('self.x=1', { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
const html = () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } });

describe('service worker check', () => {
  it('recognises JavaScript content types', () => {
    expect(isWorkerScript(script())).toBe(true);
    expect(isWorkerScript(new Response('', { headers: { 'Content-Type': 'application/javascript' } }))).toBe(true);
    expect(isWorkerScript(html())).toBe(false);
    expect(isWorkerScript(new Response('x', { status: 404, headers: { 'Content-Type': 'text/javascript' } }))).toBe(
      false,
    );
  });

  it('registers a valid script and clears the reload guard', async () => {
    const e = env(script(), 0, new Map([[RELOAD_GUARD_KEY, '1']]));
    await expect(checkAndRegister(e.value)).resolves.toBe('registered');
    expect(e.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(e.storage.has(RELOAD_GUARD_KEY)).toBe(false);
  });

  it('unregisters and reloads once when the script is missing', async () => {
    const e = env(new Response('', { status: 404 }), 2);
    await expect(checkAndRegister(e.value)).resolves.toBe('removed-and-reloaded');
    expect(e.unregister).toHaveBeenCalledTimes(2);
    expect(e.reload).toHaveBeenCalledOnce();

    const again = env(new Response('', { status: 404 }), 1, e.storage);
    await expect(checkAndRegister(again.value)).resolves.toBe('removed');
    expect(again.reload).not.toHaveBeenCalled();
  });

  it('unregisters when HTML answers in place of the script', async () => {
    const e = env(html(), 1);
    await expect(checkAndRegister(e.value)).resolves.toBe('removed-and-reloaded');
    expect(e.register).not.toHaveBeenCalled();
  });

  it('does not reload when there was nothing to remove', async () => {
    const e = env(html(), 0);
    await expect(checkAndRegister(e.value)).resolves.toBe('removed');
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('leaves everything alone when offline or on a server error', async () => {
    expect(await checkAndRegister(env(new TypeError('offline')).value)).toBe('skipped');
    const e = env(new Response('', { status: 503 }));
    expect(await checkAndRegister(e.value)).toBe('skipped');
    expect(e.unregister).not.toHaveBeenCalled();
  });
});
