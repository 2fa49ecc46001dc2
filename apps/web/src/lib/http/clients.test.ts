import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Limits, MachinePath } from '@lend/contracts';
import { toast } from '../toast';
import { ApiError, AbortedError, HttpError, NetworkError, TimeoutError } from './errors';
import { formRequest } from './form-client';
import { jsonRequest } from './json-client';
import { callMachine, machineUrl } from './machine';
import { stubFetch, type FetchCall as Call } from './stub-fetch';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

const address = new URLSearchParams(
  'userId=7&sessionId=s1&language=1&crp_phe=p&dearest=d&showy=&swift=sw&eyes=ey&orderId=9&deviceName=x',
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  toast.hide();
});

describe('JSON client', () => {
  it('sends JSON with the XHR marker and the headers copied from the address', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await expect(jsonRequest('/api/x', { a: 1 }, { address })).resolves.toEqual({ ok: true });
    const [call] = calls;
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"a":1}');
    const headers = headersOf(call);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('crp_phe')).toBe('p');
    expect(headers.get('dearest')).toBe('d');
    expect(headers.get('language')).toBe('1');
    expect(headers.has('showy')).toBe(false);
    expect(headers.has('swift')).toBe(false);
  });

  it('uses GET without a body', async () => {
    const calls = stubFetch(() => json([]));
    await jsonRequest('/api/y', undefined, { address });
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('rejects a non-JSON answer', async () => {
    stubFetch(() => new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(jsonRequest('/api/x', undefined, { address })).rejects.toBeInstanceOf(HttpError);
  });

  it('rejects a non-2xx answer and keeps its status and body', async () => {
    stubFetch(() => json({ error: 'no' }, 404));
    const error = await jsonRequest('/api/x', undefined, { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, body: { error: 'no' } });
  });

  it('rejects a network failure', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(jsonRequest('/api/x', undefined, { address })).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives up after the shared timeout', async () => {
    vi.useFakeTimers();
    stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = jsonRequest('/api/slow', undefined, { address }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(Limits.httpTimeoutMs - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(TimeoutError);
  });

  it('reports a cancellation by the caller as such', async () => {
    stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const pending = jsonRequest('/api/x', undefined, { address, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
  });
});

describe('form client', () => {
  it('sends a url-encoded body with the form headers from the address', async () => {
    const calls = stubFetch(() => json({}));
    await formRequest('/machine/x', { overall: 30, name: 'a b' }, { address });
    const [call] = calls;
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('overall=30&name=a+b');
    const headers = headersOf(call);
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('swift')).toBe('sw');
    expect(headers.get('eyes')).toBe('ey');
    expect(headers.has('crp_phe')).toBe(false);
  });
});

describe('callMachine', () => {
  it('calls the machine base with the common query only', () => {
    expect(machineUrl(MachinePath.serviceContacts, address)).toBe(
      '/machine/user-problem/get-whatsapp?userId=7&sessionId=s1&merchantNumber=10001&language=1',
    );
  });

  it('returns data for code 0 and validates it with the schema', async () => {
    stubFetch(() => json({ code: 0, message: 'ok', data: { n: '1' } }));
    const parse = vi.fn((value: unknown) => value as { n: string });
    await expect(callMachine('/p', {}, { address, schema: { parse } })).resolves.toEqual({ n: '1' });
    expect(parse).toHaveBeenCalledOnce();
  });

  it('shows the message of any other code for 2 s and rejects with an ApiError, whatever the status', async () => {
    vi.useFakeTimers();
    stubFetch(() => json({ code: ErrorCode.SessionRequired, message: 'Please sign in to continue.', data: null }, 401));
    const error = await callMachine('/p', {}, { address }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.SessionRequired, message: 'Please sign in to continue.' });
    expect(toast.getSnapshot()).toMatchObject({ kind: 'message', text: 'Please sign in to continue.' });
    await vi.advanceTimersByTimeAsync(Limits.errorToastMs - 1);
    expect(toast.getSnapshot()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(toast.getSnapshot()).toBeNull();
  });

  it('shows a loading toast while the call is in flight', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = callMachine('/p', {}, { address, loadingText: 'Loading…' });
    await Promise.resolve();
    expect(toast.getSnapshot()).toMatchObject({ kind: 'loading', text: 'Loading…' });
    answer(json({ code: 0, message: 'ok', data: 1 }));
    await expect(pending).resolves.toBe(1);
    expect(toast.getSnapshot()).toBeNull();
  });

  it('passes transport failures to the caller without a toast', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await expect(callMachine('/p', {}, { address })).rejects.toBeInstanceOf(NetworkError);
    expect(toast.getSnapshot()).toBeNull();
  });

  it('rejects an answer that is not an envelope', async () => {
    stubFetch(() => json({ hello: 'world' }));
    await expect(callMachine('/p', {}, { address })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('multipart uploads through callMachine', () => {
  it('sends FormData untouched, lets the browser set the boundary, and reads the envelope', async () => {
    const calls = stubFetch(() => json({ code: 0, message: '', data: { url: '/machine/x.png' } }));
    const form = new FormData();
    form.append('problemImage', new Blob([new Uint8Array([1, 2])]), 'a.png');
    await expect(callMachine(MachinePath.complaintImageUpload, form, { address })).resolves.toEqual({ url: '/machine/x.png' });
    const [call] = calls;
    expect(call?.url).toBe(`/machine${MachinePath.complaintImageUpload}?userId=7&sessionId=s1&merchantNumber=10001&language=1`);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe(form);
    const headers = headersOf(call);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('swift')).toBe('sw');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('shows the server’s refusal of an upload like any other envelope', async () => {
    stubFetch(() => json({ code: ErrorCode.ComplaintImageTooLarge, message: 'Each image can be at most 5 MB.', data: null }, 413));
    await expect(callMachine(MachinePath.complaintImageUpload, new FormData(), { address })).rejects.toBeInstanceOf(ApiError);
    expect(toast.getSnapshot()?.text).toBe('Each image can be at most 5 MB.');
  });
});
