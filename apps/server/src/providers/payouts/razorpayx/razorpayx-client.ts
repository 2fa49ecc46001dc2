import type { z } from 'zod';
import type { RazorpayXConfig } from './razorpayx-config';

/** Razorpay's error body: `{error: {code, description, source, step, reason, metadata, field}}`. */
export type RazorpayXErrorBody = { code: string; description: string; reason: string | null; field: string | null; source: string | null };

/** RazorpayX answered 4xx: it refused the request and made nothing. */
export class RazorpayXRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: RazorpayXErrorBody,
  ) {
    super(`razorpayx refused the request (${statusCode} ${error.code}${error.field ? ` on ${error.field}` : ''}): ${error.description}`);
    this.name = 'RazorpayXRefusal';
  }
}

/**
 * RazorpayX gave no usable answer: the call timed out, the connection failed, or it answered 5xx.
 * Whatever was asked may or may not have been done there.
 */
export class RazorpayXUnanswered extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RazorpayXUnanswered';
  }
}

type Query = Record<string, string | number | undefined>;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && value !== 'null' ? value : null;
}

function errorBody(body: unknown): RazorpayXErrorBody {
  const error = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : {};
  return {
    code: text(error.code) ?? 'UNKNOWN_ERROR',
    description: text(error.description) ?? 'no description',
    reason: text(error.reason),
    field: text(error.field),
    source: text(error.source),
  };
}

/** RazorpayX's REST API over `fetch` with Basic auth (its Node client has no payouts API). */
export class RazorpayXClient {
  private readonly authorization: string;

  constructor(private readonly config: Pick<RazorpayXConfig, 'keyId' | 'keySecret' | 'baseUrl' | 'timeoutMs'>) {
    this.authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  }

  get<S extends z.ZodType>(path: string, schema: S, query: Query = {}): Promise<z.output<S>> {
    return this.call('GET', path, schema, { query });
  }

  post<S extends z.ZodType>(path: string, schema: S, body: unknown, headers: Record<string, string> = {}): Promise<z.output<S>> {
    return this.call('POST', path, schema, { body, headers });
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    options: { query?: Query; body?: unknown; headers?: Record<string, string> },
  ): Promise<z.output<S>> {
    const url = new URL(`${this.config.baseUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: this.authorization, accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      const raw = await response.text();
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new RazorpayXUnanswered(timedOut ? `razorpayx did not answer ${method} ${path} within ${this.config.timeoutMs} ms` : `razorpayx could not be reached for ${method} ${path}`, { cause: error });
    }
    if (response.status >= 500) throw new RazorpayXUnanswered(`razorpayx failed ${method} ${path} (${response.status} ${errorBody(body).code})`);
    if (response.status >= 400) throw new RazorpayXRefusal(response.status, errorBody(body));
    const read = schema.safeParse(body);
    // A 2xx we cannot read says nothing about what was done: the same as no answer.
    if (!read.success) throw new RazorpayXUnanswered(`razorpayx answered ${method} ${path} with a body we cannot read`, { cause: read.error });
    return read.data;
  }
}
