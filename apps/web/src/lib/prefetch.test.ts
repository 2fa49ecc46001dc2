import { afterEach, describe, expect, it, vi } from 'vitest';
import { MachinePath } from '@lend/contracts';
import { formCallPlan } from './http/form-client';
import { callMachine, embeddedMachineAnswer } from './http/machine';
import { stubFetch } from './http/stub-fetch';
import {
  callBody,
  callPath,
  EMBEDDED_ANSWERS_ID,
  embeddedAnswerKey,
  forgetEmbeddedAnswers,
  prefetchKey,
  prefetchFirstCall,
  provideEmbeddedAnswers,
  takePrefetched,
  type PrefetchableCall,
} from './prefetch';

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
    prefetchFirstCall([formCallPlan(details)], location.search);
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
    prefetchFirstCall([formCallPlan(details)], location.search);
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
    prefetchFirstCall([formCallPlan(details)], location.search);
    await expect(screenCall(search)).resolves.toEqual({ again: true });
    expect(calls).toHaveLength(2);
  });

  it('is not made when the address lacks what the screen needs to call', () => {
    const calls = stubFetch(() => envelope({}));
    openPage('?userId=7&sessionId=s1');
    prefetchFirstCall([formCallPlan(details)], location.search);
    expect(calls).toHaveLength(0);
  });

  it('sends a GET call’s values in its query, under the call’s own names, and the first call the address fits', async () => {
    const contract = { path: MachinePath.contractDetail, method: 'GET', bodyKeys: ['orderId'], paramNames: { orderId: 'orderNo' }, requiredKeys: ['orderId'] } as const;
    const draft = { path: MachinePath.contractDetail, method: 'GET', bodyKeys: ['productId'], requiredKeys: ['productId'] } as const;
    const plans = [formCallPlan(contract), formCallPlan(draft)];
    const calls = stubFetch(() => envelope({ n: 2 }));
    openPage('?orderId=LN1&productId=9&userId=7&sessionId=s1');
    prefetchFirstCall(plans, location.search);
    openPage('?productId=9&userId=7');
    prefetchFirstCall(plans, location.search);
    expect(calls.map((call) => [call.init.method, call.url, call.init.body])).toEqual([
      ['GET', '/machine/v3/loan-details/contract-detail?orderNo=LN1&userId=7&sessionId=s1&merchantNumber=10001', undefined],
      ['GET', '/machine/v3/loan-details/contract-detail?productId=9&userId=7&merchantNumber=10001', undefined],
    ]);
    // The screen's own call is the same request, so it takes the page's answer.
    const address = new URLSearchParams('?orderId=LN1&productId=9&userId=7&sessionId=s1');
    await expect(callMachine(callPath(contract, { orderId: 'LN1' }), {}, { method: 'GET', address, reusePrefetch: true })).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('keys requests by method, address, body and headers in any order', () => {
    const request = { method: 'POST', url: '/m?a=1', headers: { A: '1', b: '2' }, body: 'x=1' };
    expect(prefetchKey(request)).toBe(prefetchKey({ ...request, headers: { b: '2', a: '1' } }));
    expect(prefetchKey(request)).not.toBe(prefetchKey({ ...request, body: 'x=2' }));
    expect(prefetchKey(request)).not.toBe(prefetchKey({ ...request, headers: { a: '1', b: '3' } }));
  });
});

describe('the answer a page rendered by the server carries', () => {
  const key = embeddedAnswerKey(details.path, 'orderId=LN1');
  const schema = { parse: (value: unknown) => value as { n: number } };

  /** The page's data block, as the server wrote it. */
  function pageWith(answers: unknown) {
    vi.stubGlobal('document', { getElementById: (id: string) => (id === EMBEDDED_ANSWERS_ID ? { textContent: JSON.stringify(answers) } : null) });
    provideEmbeddedAnswers(undefined);
  }

  afterEach(() => forgetEmbeddedAnswers());

  it('is the screen’s first answer, for that call only, until the screen has rendered', () => {
    pageWith({ [key]: { n: 1 } });
    expect(embeddedMachineAnswer(details.path, { orderId: 'LN1' }, schema)).toEqual({ n: 1 });
    expect(embeddedMachineAnswer(details.path, { orderId: 'LN2' }, schema)).toBeUndefined();
    forgetEmbeddedAnswers();
    expect(embeddedMachineAnswer(details.path, { orderId: 'LN1' }, schema)).toBeUndefined();
  });

  it('is not taken when it does not validate, nor when the page has none', () => {
    pageWith({ [key]: { n: 'one' } });
    const strict = { parse: (value: unknown) => {
      if (typeof (value as { n?: unknown }).n !== 'number') throw new Error('invalid');
      return value;
    } };
    expect(embeddedMachineAnswer(details.path, { orderId: 'LN1' }, strict)).toBeUndefined();
    pageWith(null);
    expect(embeddedMachineAnswer(details.path, { orderId: 'LN1' }, schema)).toBeUndefined();
  });
});
