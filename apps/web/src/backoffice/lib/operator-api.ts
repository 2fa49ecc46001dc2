import { ErrorCode, flagFromLanguage, OPERATOR_BASE, STAFF_CSRF_HEADER, type Language } from '@lend/contracts';

/**
 * A refusal of the operator API: its stable code and its message in the reader's language; a null
 * code when no envelope came back (the network, or a proxy's page).
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
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

type EnvelopeLike = { code?: unknown; message?: unknown; data?: unknown };

function isEnvelope(value: unknown): value is EnvelopeLike {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/**
 * The back office's one way to call the operator API: the staff cookie travels by itself (same
 * origin), the CSRF header is added to every call that changes something, the reader's language
 * goes with each call, and the envelope becomes its data or an `OperatorCallError`.
 */
export function createOperatorApi(options: OperatorApiOptions): OperatorApi {
  const send = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: BodyInit, contentType?: string): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json', language: flagFromLanguage(options.language()) };
    if (contentType) headers['content-type'] = contentType;
    const csrf = options.csrfToken();
    if (method !== 'GET' && csrf) headers[STAFF_CSRF_HEADER] = csrf;
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${OPERATOR_BASE}${path}`, { method, headers, credentials: 'same-origin', ...(body === undefined ? {} : { body }) });
    } catch {
      throw new OperatorCallError(null, options.networkMessage(), 0);
    }
    let envelope: unknown;
    try {
      envelope = await response.json();
    } catch {
      throw new OperatorCallError(null, options.networkMessage(), response.status);
    }
    if (!isEnvelope(envelope) || typeof envelope.code !== 'number') throw new OperatorCallError(null, options.networkMessage(), response.status);
    if (envelope.code === ErrorCode.Ok) return envelope.data as T;
    if (SESSION_GONE.has(envelope.code)) options.onSessionEnded();
    throw new OperatorCallError(envelope.code, typeof envelope.message === 'string' ? envelope.message : '', response.status);
  };
  return {
    get: (path, query) => send('GET', `${path}${queryString(query)}`),
    post: (path, body) => send('POST', path, JSON.stringify(body ?? {}), 'application/json'),
    put: (path, body) => send('PUT', path, JSON.stringify(body), 'application/json'),
    upload: (path, form) => send('POST', path, form),
  };
}
