import { JSON_CLIENT_HEADER_KEYS } from '@lend/contracts';
import type { ScreenRequest } from '@lend/contracts';
import { BASE_HEADERS, currentAddress, headersFromAddress, requestJsonBody, type RequestOptions } from './request';

/** The JSON client (docs/decisions/014): JSON bodies, custom headers copied from the address query. */
export function jsonRequest(url: string, body?: unknown, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const headers = headersFromAddress(JSON_CLIENT_HEADER_KEYS, currentAddress(options));
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return requestJsonBody(
    url,
    { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    options,
  );
}

/** A GET of this client as a page's inline script sends it before any module has loaded (lib/prefetch). */
export function jsonGetRequest(url: string, address: URLSearchParams): ScreenRequest {
  return { method: 'GET', url, headers: { ...BASE_HEADERS, ...headersFromAddress(JSON_CLIENT_HEADER_KEYS, address) }, body: undefined };
}
