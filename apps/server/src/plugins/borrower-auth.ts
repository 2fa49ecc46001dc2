import { MARKET_LANGUAGE, type PhoneMarket } from '@lend/contracts';
import type { FastifyRequest } from 'fastify';
import { namesLanguage } from './request-language';

/** Whose call it is: the borrower of the live session the call names, their market, and the device it was opened on. */
export type AuthenticatedBorrower = { borrowerId: number; deviceId: string; market: PhoneMarket };

/**
 * The session check the app hands in (the sessions module's `sessionAuthenticator`): the borrower
 * of a live session that agrees with `userId` at `now`, else a refusal it throws.
 */
export type BorrowerAuthenticator = (sessionId: string | undefined, userId: string | undefined, now: Date) => Promise<AuthenticatedBorrower>;

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
 * The borrower routes' preValidation hook: refuses the call unless the session is live and matches `userId`
 * at the app's time (`now`, which tests move).
 * It is the one session check of a call: the per-borrower limits and the handlers read
 * `request.borrower` (`borrowerOf`) and never look the session up again.
 */
export function borrowerAuth(authenticate: BorrowerAuthenticator, now: () => Date = () => new Date()) {
  return async (request: FastifyRequest) => {
    const borrower = await authenticate(queryValue(request, 'sessionId'), queryValue(request, 'userId'), now());
    request.borrower = borrower;
    // A call that names no language is answered in the borrower's market's (docs/decisions/217).
    if (!namesLanguage(request)) request.language = MARKET_LANGUAGE[borrower.market];
  };
}

/** The authenticated borrower of a route behind `borrowerAuth`. */
export function borrowerOf(request: FastifyRequest): AuthenticatedBorrower {
  if (!request.borrower) throw new Error('borrowerOf called on a route without borrowerAuth');
  return request.borrower;
}
