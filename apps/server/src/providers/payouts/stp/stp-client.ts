/** STP's envelope: `{resultado: {id, descripcionError?, ...}}`; a negative or zero id with a description is a refusal. */
export type StpResultado = { id: number; descripcionError: string | undefined; fields: Record<string, unknown> };

/** The call reached STP, or may have, and no answer came back (a timeout, a cut connection, a 5xx). */
export class StpNoAnswer extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StpNoAnswer';
  }
}

/** STP answered with something that is not its envelope. */
export class StpBadAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StpBadAnswer';
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One call to STP's SPEI web service (`/speiws/rest/ordenPago/...`), JSON both ways. */
export async function callStp(baseUrl: string, timeoutMs: number, method: 'PUT' | 'POST', path: string, body: Record<string, unknown>): Promise<StpResultado> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl}/speiws/rest/ordenPago/${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new StpNoAnswer(`STP ${path}: no answer (${error instanceof Error ? error.name : 'error'})`, { cause: error });
  }
  if (response.status >= 500) throw new StpNoAnswer(`STP ${path}: HTTP ${response.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StpBadAnswer(`STP ${path}: HTTP ${response.status} without JSON`);
  }
  const resultado = isRecord(parsed) ? parsed.resultado : undefined;
  if (!response.ok || !isRecord(resultado) || typeof resultado.id !== 'number') {
    throw new StpBadAnswer(`STP ${path}: HTTP ${response.status} without a resultado`);
  }
  const descripcionError = typeof resultado.descripcionError === 'string' ? resultado.descripcionError : undefined;
  return { id: resultado.id, descripcionError, fields: resultado };
}
