import {
  AccountPath,
  accountOrdersResponseSchema,
  accountSessionsResponseSchema,
  commonQuerySchema,
  envelopeSchema,
  ErrorCode,
  errorMessage,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signOutRequestSchema,
  signOutResponseSchema,
  webSignInResponseSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { borrowerOf, sessionOfCall, webSessionCookie } from '../../plugins/borrower-auth';
import type { AccountDeps } from './account-deps';
import { presentOrder, presentSession } from './account-presenter';
import { myOrders, mySessions, sendSignInCode, signIn, signOut } from './account-service';

const MINUTE_MS = 60_000;
/** Sign-in tries one address may make in ten minutes, on top of each code's 5 tries. */
const SIGN_IN_PER_ADDRESS_PER_TEN_MINUTES = 30;
/** Code requests one address may make a minute before the SMS limits are even counted. */
const SEND_CODE_PER_ADDRESS_PER_MINUTE = 20;

/**
 * The calls that open a session: no session yet, so limited per address, and refused while the
 * shared counters are lost (docs/decisions/194).
 */
export function loginRoutes(deps: AccountDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      AccountPath.sendCode,
      {
        config: { rateLimit: { max: SEND_CODE_PER_ADDRESS_PER_MINUTE, timeWindow: MINUTE_MS }, strictLimit: true },
        schema: {
          tags: ['account'],
          summary: 'Send a six-digit sign-in code by SMS to the phone of the market (MX or IN)',
          querystring: commonQuerySchema,
          body: sendCodeRequestSchema,
          response: { 200: envelopeSchema(sendCodeResponseSchema) },
        },
      },
      async (request) => {
        const data = await sendSignInCode(deps, request.body, request.ip);
        return { code: ErrorCode.Ok, message: errorMessage(ErrorCode.Ok, request.language), data };
      },
    );

    app.post(
      AccountPath.signIn,
      {
        config: { rateLimit: { max: SIGN_IN_PER_ADDRESS_PER_TEN_MINUTES, timeWindow: 10 * MINUTE_MS }, strictLimit: true },
        schema: {
          tags: ['account'],
          summary: 'Sign in with the SMS code: opens a session on this device, creating the borrower for a new phone',
          querystring: commonQuerySchema,
          body: signInRequestSchema,
          response: { 200: envelopeSchema(signInResponseSchema) },
        },
      },
      async (request) => {
        const session = await signIn(deps, request.body);
        return {
          code: ErrorCode.Ok,
          message: errorMessage(ErrorCode.Ok, request.language),
          data: { userId: session.userId, sessionId: session.sessionId, expiresAt: session.expiresAt.toISOString(), newBorrower: session.newBorrower },
        };
      },
    );

    app.post(
      AccountPath.webSignIn,
      {
        config: { rateLimit: { max: SIGN_IN_PER_ADDRESS_PER_TEN_MINUTES, timeWindow: 10 * MINUTE_MS }, strictLimit: true },
        schema: {
          tags: ['account'],
          summary: "Sign in from a phone's browser with the SMS code: the session is kept in an HttpOnly cookie, never in the answer",
          querystring: commonQuerySchema,
          body: signInRequestSchema,
          response: { 200: envelopeSchema(webSignInResponseSchema) },
        },
      },
      async (request, reply) => {
        const session = await signIn(deps, request.body);
        reply.header('set-cookie', webSessionCookie(session, deps.now(), deps.secureCookie));
        return {
          code: ErrorCode.Ok,
          message: errorMessage(ErrorCode.Ok, request.language),
          data: { userId: session.userId, expiresAt: session.expiresAt.toISOString(), newBorrower: session.newBorrower },
        };
      },
    );
  };
}


/** The signed-in borrower's own calls (behind `borrowerAuth`). */
export function accountRoutes(deps: AccountDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      AccountPath.signOut,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['account'],
          summary: 'Sign out this session, or every session of the borrower with all=1',
          querystring: commonQuerySchema,
          body: signOutRequestSchema,
          response: { 200: envelopeSchema(signOutResponseSchema) },
        },
      },
      async (request, reply) => {
        const session = sessionOfCall(request);
        const signedOut = await signOut(deps, borrowerOf(request).borrowerId, session.sessionId, request.body?.all === '1');
        // A web session's cookie goes with it: the browser holds nothing that names an ended session.
        if (session.carriedBy === 'cookie') reply.header('set-cookie', webSessionCookie(null, deps.now(), deps.secureCookie));
        request.log.info({ userId: borrowerOf(request).borrowerId, signedOut }, 'borrower signed out');
        return { code: ErrorCode.Ok, message: errorMessage(ErrorCode.Ok, request.language), data: { signedOut } };
      },
    );

    app.post(
      AccountPath.sessions,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['account'],
          summary: "The borrower's live sessions: device, created, last used, and which one is this",
          querystring: commonQuerySchema,
          response: { 200: envelopeSchema(accountSessionsResponseSchema) },
        },
      },
      async (request) => {
        const sessions = await mySessions(deps, borrowerOf(request).borrowerId, sessionOfCall(request).sessionId);
        return { code: ErrorCode.Ok, message: errorMessage(ErrorCode.Ok, request.language), data: { items: sessions.map(presentSession) } };
      },
    );

    app.post(
      AccountPath.orders,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['account'],
          summary: "The borrower's loans, newest first (at most 50), with the web-view links to open",
          querystring: commonQuerySchema,
          response: { 200: envelopeSchema(accountOrdersResponseSchema) },
        },
      },
      async (request) => {
        const { orders, more } = await myOrders(deps, borrowerOf(request).borrowerId);
        return {
          code: ErrorCode.Ok,
          message: errorMessage(ErrorCode.Ok, request.language),
          data: { items: orders.map((order) => presentOrder(order, request.language)), more },
        };
      },
    );
  };
}
