import { Limits, XHR_MARKER_HEADER } from '@lend/contracts';
import { AbortedError, HttpError, NetworkError, TimeoutError } from './errors';
import { addressQuery } from '../hash-route';
import { takePrefetched } from '../prefetch';

export type HttpMethod = 'GET' | 'POST';

export type RequestOptions = {
  method?: HttpMethod;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The address query the custom headers are copied from; the current page's by default. */
  address?: URLSearchParams;
  /** A screen's first call: the same request started by the page's HTML is taken instead, once. */
  reusePrefetch?: boolean;
};

/** Headers every call sends, whatever its client. */
export const BASE_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/json', [XHR_MARKER_HEADER.name]: XHR_MARKER_HEADER.value };

/** Settles like `answer`, or rejects as an abort when the signal fires first. */
function unlessAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Copies the named address parameters into headers, skipping absent ones. */
export function headersFromAddress(keys: readonly string[], address: URLSearchParams): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const key of keys) {
    const value = address.get(key);
    if (value !== null && value !== '') headers[key] = value;
  }
  return headers;
}

export function currentAddress(options: RequestOptions): URLSearchParams {
  return options.address ?? addressQuery();
}

/**
 * fetch with the shared timeout and the XHR marker, resolved to the parsed JSON body.
 * Network failure, timeout, a non-JSON answer or a non-2xx status reject.
 */
export async function requestJsonBody(
  url: string,
  init: { method: HttpMethod; headers: Record<string, string>; body?: string | FormData },
  options: RequestOptions,
): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? Limits.httpTimeoutMs);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  try {
    const headers = { ...BASE_HEADERS, ...init.headers };
    const prefetched =
      options.reusePrefetch && typeof init.body !== 'object' ? takePrefetched({ method: init.method, url, headers, body: init.body }) : undefined;
    let answer: { status: number; text: string };
    try {
      // A prefetch that failed in transport is asked again, as if it had never been made.
      answer =
        (prefetched && (await unlessAborted(prefetched, controller.signal))) ??
        (await fetch(url, { method: init.method, headers, body: init.body, credentials: 'same-origin', signal: controller.signal }).then(
          async (response) => ({ status: response.status, text: await response.text() }),
        ));
    } catch (cause) {
      throw abortReason(timedOut, controller.signal.aborted, cause);
    }
    const { status, text } = answer;
    const body = parseJson(text);
    if (body === undefined) throw new HttpError(status);
    if (status < 200 || status > 299) throw new HttpError(status, body);
    return body;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function abortReason(timedOut: boolean, aborted: boolean, cause: unknown): Error {
  if (timedOut) return new TimeoutError('The server did not answer in time', { cause });
  if (aborted) return new AbortedError('The request was cancelled', { cause });
  return new NetworkError('The request failed', { cause });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
