import { FORM_CLIENT_HEADER_KEYS } from '@lend/contracts';
import { currentAddress, headersFromAddress, requestJsonBody, type RequestOptions } from './request';

export type FormBody = Readonly<Record<string, string | number | boolean>>;

export function encodeForm(body: FormBody): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) form.set(key, String(value));
  return form.toString();
}

/** The form client of spec §7: url-encoded bodies, custom headers copied from the address query. */
export function formRequest(url: string, body: FormBody = {}, options: RequestOptions = {}): Promise<unknown> {
  const headers = headersFromAddress(FORM_CLIENT_HEADER_KEYS, currentAddress(options));
  headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const method = options.method ?? 'POST';
  // fetch refuses a body on GET; such calls carry their values in the URL instead.
  return requestJsonBody(url, { method, headers, ...(method === 'GET' ? {} : { body: encodeForm(body) }) }, options);
}
