import { isEnvelope, OPERATOR_BASE } from '@lend/contracts';

export class OperatorCallError extends Error {
  override name = 'OperatorCallError';
}

/**
 * Calls the operator API of a running server and returns the envelope's data. A FormData body
 * goes as multipart (file uploads); anything else as JSON.
 */
export async function callOperator(
  serverUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  const multipart = body instanceof FormData;
  try {
    response = await fetch(`${serverUrl}${OPERATOR_BASE}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new OperatorCallError(`Cannot reach the server at ${serverUrl}: ${(error as Error).message}. Is it running (npm start)? Set SERVER_URL otherwise.`);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(payload)) throw new OperatorCallError(`Unexpected answer from ${serverUrl} (HTTP ${response.status})`);
  if (payload.code !== 0) throw new OperatorCallError(`${payload.message} (code ${payload.code})`);
  return payload.data;
}
