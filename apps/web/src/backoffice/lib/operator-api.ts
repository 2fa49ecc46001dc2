import { createOperatorClient, ErrorCode, flagFromLanguage, OperatorCallError, type Language, type OperatorClient } from '@lend/contracts';

/**
 * A refusal of the operator API: its stable code and its message in the reader's language; a null
 * code when no envelope came back (the network, or a proxy's page). The client shared with the
 * command line throws it (docs/decisions/186).
 */
export { OperatorCallError };

/** The codes that say the staff session is gone (idle, expired, signed out elsewhere): sign in again. */
const SESSION_GONE: ReadonlySet<number> = new Set([ErrorCode.StaffSessionRequired, ErrorCode.OperatorUnauthorized]);

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

/** Calls one route of `OperatorRoutes`, as the command line does; an upload's body is the browser's `FormData`. */
export type OperatorApi = Pick<OperatorClient<FormData>, 'call'>;

/**
 * The back office's one way to call the operator API, through the client it shares with the
 * command line (docs/decisions/186): the staff cookie travels by itself (same origin), the CSRF
 * header is added to every call that changes something, the reader's language goes with each call,
 * and the envelope becomes its data or an `OperatorCallError`.
 */
export function createOperatorApi(options: OperatorApiOptions): OperatorApi {
  const client = createOperatorClient<FormData>({
    baseUrl: '',
    // Looked up at each call, so a test may stub the global after the helper was made.
    fetch: (url, init) => (options.fetch ?? fetch)(url, init),
    auth: { csrfToken: options.csrfToken },
    headers: () => ({ language: flagFromLanguage(options.language()) }),
    failureMessage: () => options.networkMessage(),
    onRefusal: (error) => {
      if (error.code !== null && SESSION_GONE.has(error.code)) options.onSessionEnded();
    },
  });
  return { call: client.call };
}
