import { Limits } from '@lend/contracts';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { borrowerOf } from './borrower-auth';

/** Calls one borrower may make to one borrower route in its window, by kind of call. */
export type BorrowerCaps = { reads: number; creates: number; uploads: number };

export const DEFAULT_BORROWER_CAPS: BorrowerCaps = {
  reads: Limits.borrowerCallsPerMinute,
  creates: Limits.borrowerCreatesPerMinute,
  uploads: Limits.borrowerUploadsPerTenMinutes,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The caps in force: the defaults, unless a test that files many calls for one borrower raises them. */
    borrowerCaps: BorrowerCaps;
  }
}

const MINUTE_MS = 60_000;

/**
 * A route's cap per borrower per window (docs/decisions/065). It counts in the preHandler, after
 * `borrowerAuth`, so the key is the authenticated borrower, never the client address; each route
 * counts on its own.
 */
function perBorrower(kind: keyof BorrowerCaps, timeWindow = MINUTE_MS) {
  return {
    rateLimit: {
      max: (request: FastifyRequest) => request.server.borrowerCaps[kind],
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `borrower:${borrowerOf(request).borrowerId}`,
    },
  };
}

/** Calls that only read. */
export const borrowerReadLimit = perBorrower('reads');
/** Calls that create something: an order, a complaint, a payment reference. */
export const borrowerCreateLimit = perBorrower('creates');
/** Complaint image uploads (docs/decisions/022): a complaint takes up to nine, and a retry may send them again. */
export const borrowerUploadLimit = perBorrower('uploads', 10 * MINUTE_MS);

/** onRoute hook of the borrower scope: a borrower route without its own cap stops the server at start-up. */
export function requireBorrowerLimit(route: RouteOptions): void {
  if (!route.config?.rateLimit) throw new Error(`${String(route.method)} ${route.url} has no per-borrower rate limit`);
}
