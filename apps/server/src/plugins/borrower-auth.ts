import { BORROWER_WEB_COOKIE, MARKET_LANGUAGE, type PhoneMarket } from '@lend/contracts';
import type { FastifyRequest } from 'fastify';
import { cookieOf, privateCookie } from './cookies';
import { namesLanguage } from './request-language';

/** Whose call it is: the borrower of the live session the call names, their market, and the device it was opened on. */
export type AuthenticatedBorrower = { borrowerId: number; deviceId: string; market: PhoneMarket };

/** How the call named its session: in its query (the native app's web view) or in the web cookie. */
export type CallSession = { sessionId: string; userId: string; carriedBy: 'query' | 'cookie' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The session a call behind `borrowerAuth` was accepted with. */
    borrowerSession: CallSession | null;
  }
}

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
 * The session a call names: its query's `sessionId` and `userId` when it carries either (the native
 * app's web view, unchanged), else the web cookie's `<userId>.<sessionId>` (docs/decisions/239).
 * A call naming neither is refused by the check as before.
 */
export function callSession(request: FastifyRequest): CallSession | null {
  const sessionId = queryValue(request, 'sessionId');
  const userId = queryValue(request, 'userId');
  if (sessionId !== undefined || userId !== undefined) return sessionId && userId ? { sessionId, userId, carriedBy: 'query' } : null;
  const cookie = cookieOf(request, BORROWER_WEB_COOKIE);
  const dot = cookie?.indexOf('.') ?? -1;
  if (!cookie || dot <= 0 || dot === cookie.length - 1) return null;
  return { userId: cookie.slice(0, dot), sessionId: cookie.slice(dot + 1), carriedBy: 'cookie' };
}

/**
 * The borrower routes' preValidation hook: refuses the call unless the session is live and matches `userId`
 * at the app's time (`now`, which tests move).
 * It is the one session check of a call: the per-borrower limits and the handlers read
 * `request.borrower` (`borrowerOf`) and never look the session up again.
 */
export function borrowerAuth(authenticate: BorrowerAuthenticator, now: () => Date = () => new Date()) {
  return async (request: FastifyRequest) => {
    const named = callSession(request);
    const borrower = await authenticate(named?.sessionId, named?.userId, now());
    request.borrower = borrower;
    request.borrowerSession = named;
    // A call that names no language is answered in the borrower's market's (docs/decisions/217).
    if (!namesLanguage(request)) request.language = MARKET_LANGUAGE[borrower.market];
  };
}

/** The authenticated borrower of a route behind `borrowerAuth`. */
export function borrowerOf(request: FastifyRequest): AuthenticatedBorrower {
  if (!request.borrower) throw new Error('borrowerOf called on a route without borrowerAuth');
  return request.borrower;
}

/** The session the call of a route behind `borrowerAuth` was accepted with. */
export function sessionOfCall(request: FastifyRequest): CallSession {
  if (!request.borrowerSession) throw new Error('sessionOfCall called on a route without borrowerAuth');
  return request.borrowerSession;
}

/**
 * The `Set-Cookie` of a web session (docs/decisions/239): `<userId>.<sessionId>` on the whole site for
 * as long as the session lives, or, with no session, the cookie's removal.
 */
export function webSessionCookie(session: { userId: string; sessionId: string; expiresAt: Date } | null, now: Date, secure: boolean): string {
  if (!session) return privateCookie(BORROWER_WEB_COOKIE, null, { path: '/', maxAgeSeconds: 0, secure });
  return privateCookie(BORROWER_WEB_COOKIE, `${session.userId}.${session.sessionId}`, { path: '/', maxAgeSeconds: (session.expiresAt.getTime() - now.getTime()) / 1000, secure });
}
