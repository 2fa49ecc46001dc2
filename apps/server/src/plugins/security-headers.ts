import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type Header = readonly [name: string, value: string | number | string[]];

/** A response that remembers the names it was given, spelled as given. */
class RecordingResponse extends ServerResponse {
  readonly names = new Set<string>();

  override setHeader(name: string, value: string | number | readonly string[]): this {
    this.names.add(name);
    return super.setHeader(name, value);
  }
}

/**
 * The headers helmet sets for these options, read once from helmet itself on a response that is
 * never sent. They depend on the options only, never on the request, so every answer can carry
 * the same list: @fastify/helmet builds helmet's middleware again, CSP parsing included, on every
 * request (docs/decisions/085).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Header[] {
  const request = new IncomingMessage(new Socket());
  const response = new RecordingResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  const headers: Header[] = [];
  for (const name of response.names) {
    const value = response.getHeader(name);
    // A header helmet set and then removed is not sent.
    if (value !== undefined) headers.push([name, value]);
  }
  return headers;
}

/**
 * helmet's security headers on every answer, set before routing as helmet's own hook sets them.
 * (helmet also removes `X-Powered-By`, which Fastify never sets.)
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: Readonly<HelmetOptions>) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
