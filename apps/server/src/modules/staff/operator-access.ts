import { ErrorCode, OPERATOR_BASE, STAFF_COOKIE, STAFF_CSRF_HEADER, STAFF_DEVICE_COOKIE, StaffPath, TOKEN_ROLE } from '@lend/contracts';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { tokensMatch } from '../../operator-token';
import { cookieOf, privateCookie } from '../../plugins/cookies';
import type { Actor } from './audit';
import { catalogueMismatch } from './route-catalogue';
import { OPERATOR_ROUTE_ROLES, routeKey } from './route-roles';
import { staffActor, staffOfSession, type CallOrigin, type StaffPrincipal } from './sign-in-service';
import { csrfMatches } from './staff-sessions';
import type { StaffDeps } from './staff-settings';

declare module 'fastify' {
  interface FastifyRequest {
    operatorActor: Actor | null;
    staffPrincipal: StaffPrincipal | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a person whose password is temporary may still do. */
const BEFORE_PASSWORD_CHANGE = new Set([routeKey('GET', StaffPath.me), routeKey('POST', StaffPath.password), routeKey('POST', StaffPath.signOut)]);

function pathUnderBase(url: string): string {
  return url.startsWith(OPERATOR_BASE) ? url.slice(OPERATOR_BASE.length) : url;
}

export function callOrigin(request: FastifyRequest): CallOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export const sessionCookie = (request: FastifyRequest): string | undefined => cookieOf(request, STAFF_COOKIE);
/** The device cookie, when it is one this server could have set (43 URL-safe characters). */
export const deviceCookie = (request: FastifyRequest): string | undefined => {
  const value = cookieOf(request, STAFF_DEVICE_COOKIE);
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
};

function setStaffCookie(reply: FastifyReply, deps: StaffDeps, name: string, token: string | null, maxAgeSeconds: number): void {
  reply.header('set-cookie', privateCookie(name, token, { path: '/operator', maxAgeSeconds, secure: deps.secureCookie }));
}

export function setSessionCookie(reply: FastifyReply, deps: StaffDeps, token: string | null, maxAgeSeconds: number): void {
  setStaffCookie(reply, deps, STAFF_COOKIE, token, maxAgeSeconds);
}

/** The device cookie lasts a year: the browser stays a known device of the accounts signed in on it (docs/decisions/219). */
export function setDeviceCookie(reply: FastifyReply, deps: StaffDeps, token: string): void {
  setStaffCookie(reply, deps, STAFF_DEVICE_COOKIE, token, 365 * 24 * 3600);
}

export function csrfOf(request: FastifyRequest): string | undefined {
  const value = request.headers[STAFF_CSRF_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Who may call the operator API (docs/decisions/161, 163): `onRoute` refuses to register an
 * operator route the table does not name, or whose schemas are not its catalogue entry's (186); `onRequest` turns the bearer token or the staff cookie
 * into the call's actor, asks the cookie's state-changing calls for their CSRF token, and checks
 * the route's roles.
 */
export function operatorAccess(db: Db, deps: StaffDeps, operatorToken: string) {
  return {
    onRoute(route: RouteOptions): void {
      for (const method of [route.method].flat()) {
        const key = routeKey(method, pathUnderBase(route.url));
        if (!(key in OPERATOR_ROUTE_ROLES)) throw new Error(`operator route ${key} has no entry in the route table (modules/staff/route-roles.ts)`);
        const mismatch = catalogueMismatch(key, route.schema);
        if (mismatch) throw new Error(`operator route ${key} ${mismatch} (packages/contracts/src/operator-routes.ts)`);
      }
    },

    async onRequest(request: FastifyRequest): Promise<void> {
      request.operatorActor = null;
      request.staffPrincipal = null;
      const key = routeKey(request.method, pathUnderBase(request.routeOptions.url ?? ''));
      const access = OPERATOR_ROUTE_ROLES[key];
      if (access === undefined) throw new AppError(ErrorCode.StaffRoleRefused);
      if (access === 'public') return;

      const header = request.headers.authorization;
      if (header !== undefined) {
        const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
        if (!presented || !tokensMatch(operatorToken, presented)) throw new AppError(ErrorCode.OperatorUnauthorized);
        if (access === 'staff' || !access.roles.includes(TOKEN_ROLE)) throw new AppError(ErrorCode.StaffRoleRefused);
        request.operatorActor = { kind: 'token', staffId: null, email: null, role: TOKEN_ROLE, ...callOrigin(request) };
        return;
      }

      const token = sessionCookie(request);
      if (token === undefined) throw new AppError(ErrorCode.OperatorUnauthorized);
      const principal = await staffOfSession(db, deps, token);
      if (!principal) throw new AppError(ErrorCode.StaffSessionRequired);
      if (!READS.has(request.method) && !csrfMatches(deps.secretKey, token, csrfOf(request))) throw new AppError(ErrorCode.StaffCsrfRefused);
      if (principal.mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(key)) throw new AppError(ErrorCode.StaffPasswordChangeRequired);
      if (access !== 'staff' && !access.roles.includes(principal.role)) throw new AppError(ErrorCode.StaffRoleRefused);
      request.staffPrincipal = principal;
      request.operatorActor = staffActor({ id: principal.staffId, email: principal.email, role: principal.role }, callOrigin(request));
    },
  };
}

/** The actor of an operator call; every route but signing in has one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.operatorActor) throw new Error('actorOf called on an operator route without an actor');
  return request.operatorActor;
}

export function principalOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staffPrincipal) throw new Error('principalOf called on a route without a staff session');
  return request.staffPrincipal;
}
