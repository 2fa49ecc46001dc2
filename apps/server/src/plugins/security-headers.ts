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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every route at registration: it answers JSON (it declares its answer's schema). */
    answersJson?: boolean;
  }
}

const HEADERS_KEPT_FOR_JSON = new Set(['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy']);

/**
 * What a JSON answer carries instead of a document's headers (docs/decisions/229): the headers
 * that protect a response that is not a page (the transport, sniffing, the referrer, cross-origin
 * reads), as helmet sets them for pages, and a policy that lets nothing load and no one frame it
 * should it ever be opened as a page. The document-only headers (opener, agent cluster, DNS
 * prefetch, old browsers' download and XSS switches, Flash's cross-domain policy) do nothing on
 * JSON; each header costs every call its validation and bytes.
 */
export function jsonAnswerHeaders(documentHeaders: readonly Header[]): Header[] {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Frame-Options', 'DENY'],
    ...documentHeaders.filter(([name]) => HEADERS_KEPT_FOR_JSON.has(name.toLowerCase())),
  ];
}

/**
 * helmet's security headers on every page and file, and the JSON set on every route that answers
 * JSON, refusals included; set before routing as helmet's own hook sets them, so a page can read
 * and amend its policy. (helmet also removes `X-Powered-By`, which Fastify never sets.)
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: Readonly<HelmetOptions>) => {
  const documentHeaders = helmetHeaders(options);
  const jsonHeaders = jsonAnswerHeaders(documentHeaders);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, answersJson: route.schema?.response !== undefined };
  });
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config.answersJson === true ? jsonHeaders : documentHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
