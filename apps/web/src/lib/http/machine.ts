import { Limits, MACHINE_BASE, isEnvelope } from '@lend/contracts';
import { commonQuery, readPageParams } from '../page-params';
import { toast } from '../toast';
import { ApiError, HttpError } from './errors';
import { callBody, callPath, embeddedAnswer, embeddedAnswerKey, type CallValues, type PrefetchableCall } from '../prefetch';
import { encodeForm, formRequest, type FormBody } from './form-client';
import { jsonRequest } from './json-client';
import { multipartRequest } from './multipart-client';
import { currentAddress, type RequestOptions } from './request';

/** Anything with a zod-style `parse`, so callers validate `data` with the shared schemas. */
export type DataSchema<T> = { parse: (value: unknown) => T };

export type MachineOptions<T> = RequestOptions & {
  /** Shows a loading toast with this text while the call is in flight. */
  loadingText?: string;
  /** Bodies are form-encoded unless a call says otherwise. */
  encoding?: 'form' | 'json';
  schema?: DataSchema<T>;
  /**
   * Who tells the borrower of a refusal: a toast (the default), or the caller, which shows it in
   * its place on the screen (next to its field, or in place of the screen's data): a refusal is
   * shown once (docs/decisions/234).
   */
  refusal?: 'toast' | 'caller';
};

export function machineUrl(path: string, address: URLSearchParams): string {
  const query = commonQuery(readPageParams(address)).toString();
  // A GET call carries its own values in the path's query; the common query joins them.
  return `${MACHINE_BASE}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
}

/**
 * A borrower call with the borrower envelope (docs/decisions/002, 014): code 0 resolves to `data`; any other code,
 * whatever the HTTP status, shows the server's message for 2 s (unless the caller shows it: `refusal`) and rejects with an ApiError.
 * Transport failures reject unchanged for the caller to handle. A FormData body is sent as
 * multipart (uploads).
 */
export function callMachine<T = unknown>(path: string, body: FormBody | FormData = {}, options: MachineOptions<T> = {}): Promise<T> {
  const address = currentAddress(options);
  return callEnvelope(machineUrl(path, address), body, { ...options, address });
}

/** The same envelope handling for a call outside the borrower API (the public site's calls). */
export function callEnvelope<T = unknown>(
  url: string,
  body: FormBody | FormData | undefined,
  options: MachineOptions<T> = {},
): Promise<T> {
  const { encoding = 'form', ...rest } = options;
  const address = currentAddress(rest);
  return settleEnvelope(
    (request) =>
      body instanceof FormData
        ? multipartRequest(url, body, { ...request, address })
        : encoding === 'json'
          ? jsonRequest(url, body, { ...request, address })
          : formRequest(url, body, { ...request, address }),
    rest,
  );
}

/** A borrower call whose JSON body holds lists or objects (a consent per item), as the native app sends it. */
export function callMachineJson<T = unknown>(path: string, body: Readonly<Record<string, unknown>>, options: Omit<MachineOptions<T>, 'encoding'> = {}): Promise<T> {
  const address = currentAddress(options);
  return settleEnvelope((request) => jsonRequest(machineUrl(path, address), body, { ...request, address }), options);
}

async function settleEnvelope<T>(send: (request: RequestOptions) => Promise<unknown>, options: Omit<MachineOptions<T>, 'encoding'>): Promise<T> {
  const { loadingText, schema, refusal = 'toast', ...request } = options;
  const loading = loadingText ? toast.loading(loadingText) : undefined;
  let answer: unknown;
  try {
    answer = await send(request);
  } catch (error) {
    if (error instanceof HttpError && isEnvelope(error.body)) answer = error.body;
    else throw error;
  } finally {
    loading?.hide();
  }
  if (!isEnvelope(answer)) throw new HttpError(200, answer);
  if (answer.code !== 0) {
    if (refusal === 'toast') toast.show(answer.message, Limits.errorToastMs);
    throw new ApiError(answer.code, answer.message);
  }
  return schema ? schema.parse(answer.data) : (answer.data as T);
}

/**
 * The answer to this form call that the page already carries (the server rendered the screen
 * with it), validated like a call's `data` when the call validates; undefined when there is none,
 * or it does not validate (the screen then asks the server as usual).
 */
export function embeddedMachineAnswer<T>(path: string, body: FormBody, schema?: DataSchema<T>): T | undefined {
  const data = embeddedAnswer(embeddedAnswerKey(path, encodeForm(body)));
  if (data === undefined || !schema) return data as T | undefined;
  try {
    return schema.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * A screen's first call from the page's values: `load` sends it (taking the page's own prefetch
 * when it is the same request), `inPage` reads the answer a server-rendered page carries. Neither
 * validates: the screen's first paint waits for no schema (decision 100). A refusal is the screen's
 * to show in place of its data (`useCall`, `CallResult`), so it is not also a toast.
 */
export function firstCall<T>(call: PrefetchableCall) {
  return {
    load: (values: CallValues, loadingText: string, signal?: AbortSignal): Promise<T> =>
      call.method === 'GET'
        ? callMachine<T>(callPath(call, values), {}, { method: 'GET', loadingText, reusePrefetch: true, refusal: 'caller', ...(signal ? { signal } : {}) })
        : callMachine<T>(call.path, callBody(call, values), { loadingText, reusePrefetch: true, refusal: 'caller', ...(signal ? { signal } : {}) }),
    inPage: (values: CallValues): T | undefined => embeddedMachineAnswer<T>(call.path, callBody(call, values)),
  };
}
