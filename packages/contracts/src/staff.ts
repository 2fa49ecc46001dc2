import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

/** What a person on the lender's staff may do (docs/decisions/161). */
export const STAFF_ROLES = ['agent', 'credit-officer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The operator token's own role: the command line and automation (docs/decisions/163). */
export const TOKEN_ROLE = 'automation';
export type PrincipalRole = StaffRole | typeof TOKEN_ROLE;

/** The staff session's cookie, sent back on operator calls only (docs/decisions/160). */
export const STAFF_COOKIE = 'lend_staff';
/** A random id the browser keeps once it has signed in: failures elsewhere do not lock it out (docs/decisions/219). */
export const STAFF_DEVICE_COOKIE = 'lend_staff_device';
/** The header that carries the session's CSRF token on every state-changing call made with the cookie. */
export const STAFF_CSRF_HEADER = 'x-csrf-token';

export const StaffLimits = {
  /** NIST SP 800-63B with a second factor always required (docs/decisions/164). */
  passwordMinChars: 8,
  passwordMaxChars: 128,
  failedAttemptsBeforeLock: 5,
  lockMinutes: 15,
  idleMinutes: 15,
  absoluteHours: 12,
  /** Between the password and the code of one sign-in. */
  secondStepMinutes: 5,
  /** Sign-in calls (each step) one address may make in 10 minutes: many accounts tried from one place. */
  signInPerAddressPerTenMinutes: 20,
} as const;

/** Staff calls, relative to `OPERATOR_BASE`. */
export const StaffPath = {
  signIn: '/staff/sign-in',
  signInTotp: '/staff/sign-in/totp',
  signOut: '/staff/sign-out',
  me: '/staff/me',
  password: '/staff/password',
  /** GET lists, POST creates (admin). */
  accounts: '/staff/accounts',
  accountRole: '/staff/accounts/:staffId/role',
  accountDisable: '/staff/accounts/:staffId/disable',
  accountResetTotp: '/staff/accounts/:staffId/reset-totp',
  /** A second administrator confirms an account asked to be administrator (docs/decisions/219). */
  accountConfirmAdmin: '/staff/accounts/:staffId/confirm-admin',
  /** GET, admin only: the audit log, newest first. */
  audit: '/audit',
} as const;

const email = z.string().trim().toLowerCase().email().max(254);
/** Long enough to take any password a person may choose; the rules are the server's (docs/decisions/164). */
const password = z.string().min(1).max(1024);

export const staffSignInRequestSchema = z.object({ email, password });
export const staffTotpRequestSchema = z.object({ code: z.string().regex(/^\d{6}$/) });

export const staffEnrolmentSchema = z.object({ otpauthUri: z.string(), secret: z.string() });
/** The password was right: the code comes next, or the authenticator's enrolment and its first code. */
export const staffSignInStepSchema = z.object({
  step: z.enum(['totp', 'enrol']),
  csrfToken: z.string(),
  enrolment: staffEnrolmentSchema.nullable(),
});

const staffIdentity = z.object({
  staffId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  mustChangePassword: z.boolean(),
});

export const staffMeSchema = staffIdentity.extend({ csrfToken: z.string() });
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffPasswordChangeSchema = z.object({ currentPassword: password, newPassword: password });

export const staffViewSchema = staffIdentity.extend({
  disabled: z.boolean(),
  totpEnrolled: z.boolean(),
  /** Asked to be administrator, waiting for a second administrator to confirm it; `role` is what it may do meanwhile. */
  adminPending: z.boolean(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffView = z.infer<typeof staffViewSchema>;
export const staffListSchema = z.object({ items: z.array(staffViewSchema) });

export const staffCreateSchema = z.object({ email, name: z.string().trim().min(1).max(100), role: z.enum(STAFF_ROLES) });
/** The temporary password is shown once; its holder must change it at first sign-in. */
export const staffCreatedSchema = z.object({ staff: staffViewSchema, temporaryPassword: z.string() });
export const staffIdParamsSchema = z.object({ staffId: z.coerce.number().int().positive() });
export const staffRoleChangeSchema = z.object({ role: z.enum(STAFF_ROLES) });

export const auditQuerySchema = pageQuerySchema.extend({
  /** A staff e-mail, or `token` for the operator token. */
  actor: z.string().trim().toLowerCase().min(1).max(254).optional(),
  objectType: z.string().trim().min(1).max(32).optional(),
  objectId: z.string().trim().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.enum(['staff', 'token']),
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  role: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  userAgent: z.string().nullable(),
});
export const auditPageSchema = pageSchema(auditEntrySchema);
