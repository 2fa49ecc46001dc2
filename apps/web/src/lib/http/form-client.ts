import { FORM_CLIENT_HEADER_KEYS } from '@lend/contracts';
import { prefetchPlan, type PrefetchableCall, type PrefetchPlan } from '../prefetch';
import { BASE_HEADERS, currentAddress, headersFromAddress, requestJsonBody, type RequestOptions } from './request';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export type FormBody = Readonly<Record<string, string | number | boolean>>;

export function encodeForm(body: FormBody): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) form.set(key, String(value));
  return form.toString();
}

/** The form client (docs/decisions/014): url-encoded bodies, custom headers copied from the address query. */
export function formRequest(url: string, body: FormBody = {}, options: RequestOptions = {}): Promise<unknown> {
  const headers = headersFromAddress(FORM_CLIENT_HEADER_KEYS, currentAddress(options));
  headers['Content-Type'] = FORM_CONTENT_TYPE;
  const method = options.method ?? 'POST';
  // fetch refuses a body on GET; such calls carry their values in the URL instead.
  return requestJsonBody(url, { method, headers, ...(method === 'GET' ? {} : { body: encodeForm(body) }) }, options);
}

/** A call of this client as a page's inline script sends it before any module has loaded. */
export function formCallPlan(call: PrefetchableCall): PrefetchPlan {
  return prefetchPlan(call, { ...BASE_HEADERS, 'Content-Type': FORM_CONTENT_TYPE });
}
