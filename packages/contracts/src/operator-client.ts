import type { z } from 'zod';
import { OPERATOR_BASE } from './api-paths';
import { isEnvelope } from './envelope-shape';
import type { OperatorRoute } from './operator-routes';

/** The header that carries a staff session's CSRF token (docs/decisions/160); `STAFF_CSRF_HEADER` names it too. */
const CSRF_HEADER = 'x-csrf-token';

/**
 * A refusal of the operator API: its stable code, its message (in the language the call asked
 * for) and the HTTP status; a null code when no envelope came back (the server not reached, a
 * proxy's page), with the message the client was given for that.
 */
export class OperatorCallError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'OperatorCallError';
  }
}

/** What the client asks of `fetch`: the standard one (browser or Node) passes as it is. */
export type OperatorFetchInit<Form> = {
  method: string;
  headers: Record<string, string>;
  body?: string | Form;
  credentials?: 'same-origin';
};
export type OperatorFetch<Form> = (url: string, init: OperatorFetchInit<Form>) => Promise<{ status: number; json(): Promise<unknown> }>;

/**
 * How a call proves who makes it: the operator token as a bearer (the command line, scripts), or
 * the staff session's cookie, which the browser sends by itself, with its CSRF token on every call
 * that changes something (the back office).
 */
export type OperatorAuth = { bearer: string } | { csrfToken: () => string | null };

export type OperatorClientOptions<Form> = {
  /** Where the server is (`http://127.0.0.1:3000`); empty for the page's own origin. */
  baseUrl: string;
  fetch: OperatorFetch<Form>;
  auth: OperatorAuth;
  /** Headers sent with every call (the reader's language). */
  headers?: () => Readonly<Record<string, string>>;
  /** The message of a call that got no envelope back; `status` 0 when the server was not reached. */
  failureMessage: (failure: { status: number; cause: unknown }) => string;
  /** Told of each refusal (an envelope with a code) before it is thrown. */
  onRefusal?: (error: OperatorCallError) => void;
};

export type QueryValue = string | number | boolean | null | undefined;

/** `?a=1&b=x` of the values given, form-encoded, leaving out the empty ones. */
export function operatorQueryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') pairs.push(`${encode(key)}=${encode(String(value))}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The names of a path's `:parameters`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

type ParamsInput<R extends OperatorRoute> = [ParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<ParamNames<R['path']>, string | number>> };
type QueryInput<R extends OperatorRoute> = R extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : { query?: undefined };
type BodyInput<R extends OperatorRoute, Form> = R extends { body: infer B }
  ? B extends z.ZodType
    ? undefined extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
    : { body: Form }
  : { body?: undefined };

/** What a call of the route takes: its path's parameters, its query and its body, each as its schema accepts it. */
export type OperatorCallInput<R extends OperatorRoute, Form = never> = ParamsInput<R> & QueryInput<R> & BodyInput<R, Form>;
/** A route that answers JSON (not a file's bytes). */
export type OperatorJsonRoute = OperatorRoute & { readonly data: z.ZodType };
/** What a call of the route answers: the envelope's data, or the whole answer of a route that sends no envelope. */
export type OperatorCallData<R extends OperatorJsonRoute> = z.output<R['data']>;

/** The input may be left out when the route needs none. */
type OperatorCallArguments<R extends OperatorRoute, Form> = Partial<OperatorCallInput<R, Form>> extends OperatorCallInput<R, Form> ? [input?: OperatorCallInput<R, Form>] : [input: OperatorCallInput<R, Form>];

export type OperatorClient<Form = never> = {
  /** Calls one route of the catalogue (`OperatorRoutes`) and answers its data, typed by the route's schema. */
  call<R extends OperatorJsonRoute>(route: R, ...input: OperatorCallArguments<R, Form>): Promise<OperatorCallData<R>>;
  /**
   * Sends a path already filled in with a body already encoded (its content type among `headers`),
   * for callers that build the call themselves; the answer is what they say it is.
   */
  request<T>(method: OperatorRoute['method'], path: string, init?: OperatorRequestInit<Form>): Promise<T>;
};

export type OperatorRequestInit<Form> = {
  query?: Readonly<Record<string, QueryValue>>;
  body?: string | Form;
  headers?: Readonly<Record<string, string>>;
};

/** The route's path with each `:parameter` filled in, encoded. */
export function operatorPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The one way to call the operator API (docs/decisions/186), for the command line and the back
 * office alike: it fills in the path, sends the query and the body (JSON, or a multipart form as it
 * is), proves who calls, and turns the envelope into its data or an `OperatorCallError`. It checks
 * nothing the server checks: the data is typed by the route's schema, not parsed with it.
 */
export function createOperatorClient<Form = never>(options: OperatorClientOptions<Form>): OperatorClient<Form> {
  const send = async <T>(method: OperatorRoute['method'], path: string, request: OperatorRequestInit<Form>, enveloped: boolean): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.(), ...request.headers };
    const init: OperatorFetchInit<Form> = { method, headers };
    if (request.body !== undefined) init.body = request.body;
    if ('bearer' in options.auth) {
      headers.authorization = `Bearer ${options.auth.bearer}`;
    } else {
      init.credentials = 'same-origin';
      const csrf = options.auth.csrfToken();
      if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
    }
    const url = `${options.baseUrl}${OPERATOR_BASE}${path}${operatorQueryString(request.query)}`;
    let response: { status: number; json(): Promise<unknown> };
    try {
      response = await options.fetch(url, init);
    } catch (cause) {
      throw new OperatorCallError(null, options.failureMessage({ status: 0, cause }), 0);
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (cause) {
      throw new OperatorCallError(null, options.failureMessage({ status: response.status, cause }), response.status);
    }
    if (isEnvelope(payload) && payload.code !== 0) {
      const refusal = new OperatorCallError(payload.code, payload.message, response.status);
      options.onRefusal?.(refusal);
      throw refusal;
    }
    if (!enveloped) return payload as T;
    if (!isEnvelope(payload)) throw new OperatorCallError(null, options.failureMessage({ status: response.status, cause: payload }), response.status);
    return payload.data as T;
  };

  type Given = { params?: Readonly<Record<string, string | number>>; query?: Readonly<Record<string, QueryValue>>; body?: unknown };
  function call<R extends OperatorJsonRoute>(route: R, ...[input]: OperatorCallArguments<R, Form>): Promise<OperatorCallData<R>> {
    const given: Given = input ?? {};
    const path = operatorPath(route.path, given.params);
    const enveloped = route.envelope !== false;
    // A multipart form goes as it is: the runtime writes its boundary into the content type.
    if (route.body === 'multipart') return send(route.method, path, { query: given.query, body: given.body as Form }, enveloped);
    if (route.method === 'GET') return send(route.method, path, { query: given.query }, enveloped);
    return send(route.method, path, { query: given.query, body: JSON.stringify(given.body ?? {}), headers: { 'content-type': 'application/json' } }, enveloped);
  }
  return { call, request: (method, path, init) => send(method, path, init ?? {}, true) };
}
