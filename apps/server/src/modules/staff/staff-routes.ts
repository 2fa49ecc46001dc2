import {
  auditPageSchema,
  auditQuerySchema,
  envelopeSchema,
  ErrorCode,
  noDataSchema,
  staffCreatedSchema,
  staffCreateSchema,
  staffIdParamsSchema,
  StaffLimits,
  staffListSchema,
  staffMeSchema,
  StaffPath,
  staffPasswordChangeSchema,
  staffRoleChangeSchema,
  staffSignInRequestSchema,
  staffSignInStepSchema,
  staffTotpRequestSchema,
  staffViewSchema,
  type StaffMe,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { actorOf, callOrigin, csrfOf, deviceCookie, principalOf, sessionCookie, setDeviceCookie, setSessionCookie } from './operator-access';
import { changeOwnPassword, signInWithCode, signInWithPassword, signOut, type StaffPrincipal } from './sign-in-service';
import { auditEntries, changeStaff, confirmAdmin, createStaff, staffList } from './staff-admin-service';
import { csrfMatches } from './staff-sessions';
import type { StaffDeps } from './staff-settings';
import { ok } from '../../plugins/envelope';

/**
 * The lock-out guards one account; this guards against one address trying many (docs/decisions/160),
 * and is refused rather than counted per process while Redis is lost (docs/decisions/194).
 */
const signInLimit = { rateLimit: { max: StaffLimits.signInPerAddressPerTenMinutes, timeWindow: 10 * 60_000 }, strictLimit: true };

const me = (principal: StaffPrincipal): StaffMe => ({
  staffId: principal.staffId,
  email: principal.email,
  name: principal.name,
  role: principal.role,
  csrfToken: principal.csrfToken,
  mustChangePassword: principal.mustChangePassword,
});

/** Signing in and out, the signed-in person's own account, staff administration and the audit log (docs/decisions/160–162). */
export function staffRoutes(db: Db, deps: StaffDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      StaffPath.signIn,
      {
        config: signInLimit,
        schema: {
          tags: ['operator'],
          summary: "A staff member's e-mail and password; the code, or the authenticator's enrolment, comes next",
          body: staffSignInRequestSchema,
          response: { 200: envelopeSchema(staffSignInStepSchema) },
        },
      },
      async (request, reply) => {
        const step = await signInWithPassword(db, deps, request.body, callOrigin(request), deviceCookie(request));
        setSessionCookie(reply, deps, step.sessionToken, StaffLimits.secondStepMinutes * 60);
        return ok({ step: step.step, csrfToken: step.csrfToken, enrolment: step.enrolment });
      },
    );

    app.post(
      StaffPath.signInTotp,
      {
        config: signInLimit,
        schema: {
          tags: ['operator'],
          summary: "The authenticator's 6-digit code after the password; opens the session",
          body: staffTotpRequestSchema,
          response: { 200: envelopeSchema(staffMeSchema) },
        },
      },
      async (request, reply) => {
        const stepToken = sessionCookie(request);
        if (stepToken !== undefined && !csrfMatches(deps.secretKey, stepToken, csrfOf(request))) throw new AppError(ErrorCode.StaffCsrfRefused);
        const { sessionToken, deviceToken, principal } = await signInWithCode(db, deps, stepToken, request.body.code, callOrigin(request), deviceCookie(request));
        setSessionCookie(reply, deps, sessionToken, StaffLimits.absoluteHours * 3600);
        setDeviceCookie(reply, deps, deviceToken);
        return ok(me(principal));
      },
    );

    app.post(
      StaffPath.signOut,
      { schema: { tags: ['operator'], summary: 'Ends this staff session', response: { 200: envelopeSchema(noDataSchema) } } },
      async (request, reply) => {
        await signOut(db, deps, principalOf(request), actorOf(request));
        setSessionCookie(reply, deps, null, 0);
        return ok(null);
      },
    );

    app.get(
      StaffPath.me,
      { schema: { tags: ['operator'], summary: 'Who is signed in, their role and the CSRF token of the session', response: { 200: envelopeSchema(staffMeSchema) } } },
      async (request) => ok(me(principalOf(request))),
    );

    app.post(
      StaffPath.password,
      { schema: { tags: ['operator'], summary: 'Change your own password', body: staffPasswordChangeSchema, response: { 200: envelopeSchema(noDataSchema) } } },
      async (request) => {
        await changeOwnPassword(db, deps, principalOf(request), actorOf(request), request.body);
        return ok(null);
      },
    );

    app.get(
      StaffPath.accounts,
      { schema: { tags: ['operator'], summary: 'Every staff account', response: { 200: envelopeSchema(staffListSchema) } } },
      async () => ok(await staffList(db)),
    );

    app.post(
      StaffPath.accounts,
      {
        schema: {
          tags: ['operator'],
          summary: 'Create a staff account; its temporary password is shown once and must be changed at first sign-in',
          body: staffCreateSchema,
          response: { 200: envelopeSchema(staffCreatedSchema) },
        },
      },
      async (request) => ok(await createStaff(db, actorOf(request), request.body, deps.now())),
    );

    const changes = [
      [StaffPath.accountRole, 'role', "Change a staff member's role; their sessions end"],
      [StaffPath.accountDisable, 'disable', 'Disable a staff account; its sessions end'],
      [StaffPath.accountResetTotp, 'reset-totp', "Clear a staff member's authenticator; the next sign-in enrols a new one"],
    ] as const;
    for (const [path, change, summary] of changes) {
      app.post(
        path,
        {
          schema: {
            tags: ['operator'],
            summary,
            params: staffIdParamsSchema,
            ...(change === 'role' ? { body: staffRoleChangeSchema } : {}),
            response: { 200: envelopeSchema(staffViewSchema) },
          },
        },
        async (request) => {
          const role = change === 'role' ? staffRoleChangeSchema.parse(request.body).role : undefined;
          return ok(await changeStaff(db, actorOf(request), request.params.staffId, change, role, deps.now()));
        },
      );
    }

    app.post(
      StaffPath.accountConfirmAdmin,
      {
        schema: {
          tags: ['operator'],
          summary: 'Confirm an account asked to be administrator: an administrator other than the one who asked, and other than the one who made the account that asked',
          params: staffIdParamsSchema,
          response: { 200: envelopeSchema(staffViewSchema) },
        },
      },
      async (request) => ok(await confirmAdmin(db, actorOf(request), request.params.staffId, deps.now())),
    );

    app.get(
      StaffPath.audit,
      {
        schema: {
          tags: ['operator'],
          summary: 'The audit log, newest first, a page at a time; by actor (an e-mail or token), object, and time',
          querystring: auditQuerySchema,
          response: { 200: envelopeSchema(auditPageSchema) },
        },
      },
      async (request) => ok(await auditEntries(db, request.query)),
    );
  };
}
