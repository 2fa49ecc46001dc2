import { FORM_CLIENT_HEADER_KEYS } from '@lend/contracts';
import { currentAddress, headersFromAddress, requestJsonBody, type RequestOptions } from './request';

/**
 * File uploads: multipart bodies with the form client's address headers. The browser writes
 * the Content-Type itself, since only it knows the part boundary.
 */
export function multipartRequest(url: string, body: FormData, options: RequestOptions = {}): Promise<unknown> {
  const headers = headersFromAddress(FORM_CLIENT_HEADER_KEYS, currentAddress(options));
  return requestJsonBody(url, { method: 'POST', headers, body }, options);
}
