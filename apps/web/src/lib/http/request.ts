import { Limits, XHR_MARKER_HEADER } from '@lend/contracts';
import { AbortedError, HttpError, NetworkError, TimeoutError } from './errors';
import { addressQuery } from '../page-params';

export type HttpMethod = 'GET' | 'POST';

export type RequestOptions = {
  method?: HttpMethod;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The address query the custom headers are copied from; the current page's by default. */
  address?: URLSearchParams;
};

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
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: { Accept: 'application/json', [XHR_MARKER_HEADER.name]: XHR_MARKER_HEADER.value, ...init.headers },
        body: init.body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (cause) {
      throw abortReason(timedOut, controller.signal.aborted, cause);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw abortReason(timedOut, controller.signal.aborted, cause);
    }
    const body = parseJson(text);
    if (body === undefined) throw new HttpError(response.status);
    if (!response.ok) throw new HttpError(response.status, body);
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
