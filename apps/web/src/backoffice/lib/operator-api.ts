import { createOperatorClient, ErrorCode, flagFromLanguage, OperatorCallError, operatorQueryString, type Language } from '@lend/contracts';

/**
 * A refusal of the operator API: its stable code and its message in the reader's language; a null
 * code when no envelope came back (the network, or a proxy's page). The client shared with the
 * command line throws it (docs/decisions/186).
 */
export { OperatorCallError };

/** The codes that say the staff session is gone (idle, expired, signed out elsewhere): sign in again. */
const SESSION_GONE: ReadonlySet<number> = new Set([ErrorCode.StaffSessionRequired, ErrorCode.OperatorUnauthorized]);

export type QueryValues = Readonly<Record<string, string | number | undefined>>;

export type OperatorApiOptions = {
  /** The reader's language: the server writes its messages in it. */
  language: () => Language;
  /** The session's CSRF token, sent on every state-changing call (docs/decisions/160). */
  csrfToken: () => string | null;
  /** Told once per call that found the session ended, before the call fails. */
  onSessionEnded: () => void;
  /** Only a message for a network failure: the server never answered. */
  networkMessage: () => string;
  fetch?: typeof fetch;
};

export type OperatorApi = {
  get<T>(path: string, query?: QueryValues): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  /** A multipart upload (images). */
  upload<T>(path: string, form: FormData): Promise<T>;
};

/** `?a=1&b=x` of the values given, leaving out the empty ones. */
export function queryString(query: QueryValues | undefined): string {
  return operatorQueryString(query);
}

/**
 * The back office's one way to call the operator API, through the client it shares with the
 * command line (docs/decisions/186): the staff cookie travels by itself (same origin), the CSRF
 * header is added to every call that changes something, the reader's language goes with each call,
 * and the envelope becomes its data or an `OperatorCallError`.
 */
export function createOperatorApi(options: OperatorApiOptions): OperatorApi {
  const client = createOperatorClient<BodyInit>({
    baseUrl: '',
    // Looked up at each call, so a test may stub the global after the helper was made.
    fetch: (url, init) => (options.fetch ?? fetch)(url, init),
    auth: { csrfToken: options.csrfToken },
    failureMessage: () => options.networkMessage(),
    onRefusal: (error) => {
      if (error.code !== null && SESSION_GONE.has(error.code)) options.onSessionEnded();
    },
  });
  const send = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: BodyInit, contentType?: string): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json', language: flagFromLanguage(options.language()) };
    if (contentType) headers['content-type'] = contentType;
    return client.request<T>(method, path, { headers, ...(body === undefined ? {} : { body }) });
  };
  return {
    get: (path, query) => send('GET', `${path}${queryString(query)}`),
    post: (path, body) => send('POST', path, JSON.stringify(body ?? {}), 'application/json'),
    put: (path, body) => send('PUT', path, JSON.stringify(body), 'application/json'),
    upload: (path, form) => send('POST', path, form),
  };
}
