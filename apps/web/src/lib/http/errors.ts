/** The request never got an answer: offline, DNS, refused connection or a CORS failure. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** No answer within the client's timeout (Limits.httpTimeoutMs). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** The caller gave up (its AbortSignal fired); nobody should be told about it. */
export class AbortedError extends Error {
  override name = 'AbortedError';
}

/** An answer that is not a JSON success: a non-2xx status, or a body that is not JSON. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    /** The parsed JSON body when there was one. */
    readonly body: unknown = undefined,
  ) {
    super(`HTTP ${status}`);
  }
}

/** A borrower-API envelope whose code is not 0 (docs/decisions/002). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function isAborted(error: unknown): boolean {
  return error instanceof AbortedError;
}
