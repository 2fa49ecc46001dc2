import { afterEach, describe, expect, it, vi } from 'vitest';
import { MachinePath } from '@lend/contracts';
import { formCallPlan } from './http/form-client';
import { callMachine } from './http/machine';
import { stubFetch } from './http/stub-fetch';
import { callBody, prefetchKey, prefetchRequest, startPrefetch, takePrefetched, type PrefetchableCall } from './prefetch';

const details: PrefetchableCall = { path: MachinePath.loanDetails, bodyKeys: ['orderId', 'productId'], requiredKeys: ['orderId'] };
const search = '?orderId=%20LN1%20&userId=7&sessionId=s1&language=1&swift=sw&productId=&deviceName=x';
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 0, message: '', data }), { headers: { 'Content-Type': 'application/json' } });

/** The page as the browser has it: its address, and the inline script run against it. */
function openPage(address: string) {
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { search: address });
}

/** What the screen's api module does: the same call through the form client, reusing the page's. */
const screenCall = (address: string, values = { orderId: 'LN1' }) =>
  callMachine(details.path, callBody(details, values), { address: new URLSearchParams(address), reusePrefetch: true });

afterEach(() => {
  Reflect.deleteProperty(globalThis, '__lendPrefetch');
  vi.unstubAllGlobals();
});

describe('the page’s first call', () => {
  it('is the request the form client would send, taken by the screen once', async () => {
    const calls = stubFetch(() => envelope({ n: 1 }));
    openPage(search);
    startPrefetch(formCallPlan(details), prefetchKey, prefetchRequest);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/machine/v3/loan-details/loan-details?userId=7&sessionId=s1&merchantNumber=10001&language=1');
    expect(calls[0]?.init.body).toBe('orderId=LN1');
    await expect(screenCall(search)).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next visit asks the server.
    await expect(screenCall(search)).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(2);
  });

  it('is never used for another request, and is dropped by it', async () => {
    const calls = stubFetch(() => envelope({}));
    openPage(search);
    startPrefetch(formCallPlan(details), prefetchKey, prefetchRequest);
    await screenCall(search, { orderId: 'LN2' });
    expect(calls.map((call) => call.init.body)).toEqual(['orderId=LN1', 'orderId=LN2']);
    expect(takePrefetched({ method: 'POST', url: calls[0]?.url ?? '', headers: {}, body: 'orderId=LN1' })).toBeUndefined();
  });

  it('is asked again when it failed on the way', async () => {
    let first = true;
    const calls = stubFetch(() => {
      if (!first) return envelope({ again: true });
      first = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    openPage(search);
    startPrefetch(formCallPlan(details), prefetchKey, prefetchRequest);
    await expect(screenCall(search)).resolves.toEqual({ again: true });
    expect(calls).toHaveLength(2);
  });

  it('is not made when the address lacks what the screen needs to call', () => {
    const calls = stubFetch(() => envelope({}));
    openPage('?userId=7&sessionId=s1');
    startPrefetch(formCallPlan(details), prefetchKey, prefetchRequest);
    expect(calls).toHaveLength(0);
  });

  it('keys requests by method, address, body and headers in any order', () => {
    const request = { method: 'POST', url: '/m?a=1', headers: { A: '1', b: '2' }, body: 'x=1' };
    expect(prefetchKey(request)).toBe(prefetchKey({ ...request, headers: { b: '2', a: '1' } }));
    expect(prefetchKey(request)).not.toBe(prefetchKey({ ...request, body: 'x=2' }));
    expect(prefetchKey(request)).not.toBe(prefetchKey({ ...request, headers: { a: '1', b: '3' } }));
  });
});
