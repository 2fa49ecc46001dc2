import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { trustsPeer, type TrustProxy } from '../trust-proxy';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Short enough for a log line, and nothing a log reader or a header could be tricked by. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * 128 random bits in base64url: unique across servers, and unlike a UUID's hex never a long run of
 * digits a log scan would take for a phone or card number.
 */
const ID_BYTES = 16;
/** Random bytes drawn for 256 ids at a time: one call to the generator instead of one per request. */
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let used = 0;

function newRequestId(): string {
  if (used + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const id = pool.toString('base64url', used, used + ID_BYTES);
  used += ID_BYTES;
  return id;
}

/**
 * Fastify's `genReqId` (docs/decisions/171): the id the balancer gave the request when a trusted
 * proxy passed it on and it is a safe token, so one request is followed across the balancer and
 * every server's log; anything else, a client's own header included, gets a new random id.
 */
export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trust);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && SAFE_REQUEST_ID.test(given) && trusted(request.socket.remoteAddress)) return given;
    return newRequestId();
  };
}

/** Every answer names its request's id, the one its log lines carry as `reqId`. */
export const echoRequestId = fp(async (app: FastifyInstance) => {
  // Hooks on every call take a callback, not a promise (docs/decisions/229).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
});
