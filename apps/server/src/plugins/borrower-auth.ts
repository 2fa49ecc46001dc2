import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessionAuthenticator, type AuthenticatedBorrower } from '../modules/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    borrower: AuthenticatedBorrower | null;
  }
}

function queryValue(request: FastifyRequest, key: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * preHandler for borrower routes: refuses the call unless the session is live and matches `userId`
 * at the app's time (`now`, which tests move).
 * It is the one session check of a call: the per-borrower limits and the handlers read
 * `request.borrower` (`borrowerOf`) and never look the session up again.
 */
export function borrowerAuth(db: Db, now: () => Date = () => new Date()) {
  const authenticate = sessionAuthenticator(db);
  return async (request: FastifyRequest) => {
    request.borrower = await authenticate(queryValue(request, 'sessionId'), queryValue(request, 'userId'), now());
  };
}

/** The authenticated borrower of a route behind `borrowerAuth`. */
export function borrowerOf(request: FastifyRequest): AuthenticatedBorrower {
  if (!request.borrower) throw new Error('borrowerOf called on a route without borrowerAuth');
  return request.borrower;
}
