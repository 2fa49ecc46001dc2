import { ErrorCode, StaffLimits, type StaffRole } from '@lend/contracts';
import { removeInBatches } from '../../db/batches';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from './audit';
import { acceptedStep, newEnrolment, openSecret, sealSecret } from './authenticator';
import { decoyHash, hashPassword, refusePoorPassword, verifyPassword } from './passwords';
import { csrfTokenOf, newSessionToken, tokenHash } from './staff-sessions';
import type { StaffDeps } from './staff-settings';
import {
  deleteSessionsOverBefore,
  endSession,
  findLiveSession,
  findStaffByEmail,
  insertStaffSession,
  lockStaff,
  openSessionStage,
  touchSession,
  updateStaff,
  type StaffRow,
} from './staff-repository';

const MINUTE = 60_000;

/** Where a call comes from: the trusted client address and its user agent. */
export type CallOrigin = { ip: string; userAgent: string | null };

/** A signed-in person on the staff, as a route sees them. */
export type StaffPrincipal = {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  mustChangePassword: boolean;
  sessionId: number;
  csrfToken: string;
};

export function staffActor(staff: Pick<StaffRow, 'id' | 'email' | 'role'>, origin: CallOrigin): Actor {
  return { kind: 'staff', staffId: staff.id, email: staff.email, role: staff.role as StaffRole, ...origin };
}

/** Someone who has not proved who they are: a sign-in attempt, recorded under the account it names. */
function attemptActor(staff: StaffRow | undefined, email: string, origin: CallOrigin): Actor {
  return { kind: 'staff', staffId: staff?.id ?? null, email, role: 'anonymous', ...origin };
}

const isLocked = (staff: StaffRow, now: Date) => staff.lockedUntil !== null && staff.lockedUntil > now;

/**
 * One more failed attempt, password or code. The fifth in a row locks the account for 15 minutes
 * and starts the count again (docs/decisions/160).
 */
async function countFailure(tx: Tx, staff: StaffRow, actor: Actor, action: string, now: Date): Promise<void> {
  const failures = staff.failedAttempts + 1;
  const locks = failures >= StaffLimits.failedAttemptsBeforeLock;
  await updateStaff(tx, staff.id, locks ? { failedAttempts: 0, lockedUntil: new Date(now.getTime() + StaffLimits.lockMinutes * MINUTE) } : { failedAttempts: failures }, now);
  await recordAudit(tx, actor, { action, objectType: 'staff', objectId: staff.id, after: { failedAttempts: failures } }, now);
  if (locks) await recordAudit(tx, actor, { action: 'staff.locked', objectType: 'staff', objectId: staff.id, after: { lockedMinutes: StaffLimits.lockMinutes } }, now);
}

export type SignInStep = {
  step: 'totp' | 'enrol';
  sessionToken: string;
  csrfToken: string;
  enrolment: { otpauthUri: string; secret: string } | null;
};

/**
 * The password step. An unknown e-mail, a wrong password, a locked or a disabled account get the
 * same answer after the same work (a password hash checked each time). A right password opens a
 * second-factor step of 5 minutes; an account without an authenticator gets a new one to enrol.
 */
export async function signInWithPassword(db: Db, deps: StaffDeps, input: { email: string; password: string }, origin: CallOrigin): Promise<SignInStep> {
  const now = deps.now();
  const found = await findStaffByEmail(db, input.email);
  const passwordRight = await verifyPassword(input.password, found?.passwordHash ?? (await decoyHash()));
  const outcome = await db.transaction(async (tx) => {
    const staff = found ? await lockStaff(tx, found.id) : undefined;
    const actor = attemptActor(staff, input.email, origin);
    if (!staff) {
      await recordAudit(tx, actor, { action: 'staff.sign-in.failed', objectType: 'staff', objectId: 'unknown' }, now);
      return undefined;
    }
    if (staff.disabledAt !== null || isLocked(staff, now)) {
      await recordAudit(tx, actor, { action: 'staff.sign-in.refused', objectType: 'staff', objectId: staff.id, after: { disabled: staff.disabledAt !== null, lockedUntil: staff.lockedUntil } }, now);
      return undefined;
    }
    if (!passwordRight) {
      await countFailure(tx, staff, actor, 'staff.sign-in.failed', now);
      return undefined;
    }
    let enrolment: SignInStep['enrolment'] = null;
    if (staff.totpEnrolledAt === null || staff.totpSecret === null) {
      enrolment = newEnrolment(staff.email);
      await updateStaff(tx, staff.id, { totpSecret: sealSecret(deps.secretKey, enrolment.secret), totpLastStep: null }, now);
    }
    const { token, hash } = newSessionToken();
    await insertStaffSession(tx, {
      staffId: staff.id,
      tokenHash: hash,
      stage: 'second-factor',
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + StaffLimits.secondStepMinutes * MINUTE),
      createdAt: now,
    });
    return { step: enrolment ? ('enrol' as const) : ('totp' as const), sessionToken: token, csrfToken: csrfTokenOf(deps.secretKey, token), enrolment };
  });
  if (!outcome) throw new AppError(ErrorCode.StaffSignInRefused);
  return outcome;
}

/**
 * The code step: a right code opens the session under a new token (the step's token is not the
 * session's) and clears the failures; a wrong one counts towards the lock, as a wrong password does.
 */
export async function signInWithCode(
  db: Db,
  deps: StaffDeps,
  stepToken: string | undefined,
  code: string,
  origin: CallOrigin,
): Promise<{ sessionToken: string; principal: StaffPrincipal }> {
  const now = deps.now();
  const found = stepToken ? await findLiveSession(db, tokenHash(stepToken)) : undefined;
  if (!found || found.session.stage !== 'second-factor' || found.session.expiresAt <= now) throw new AppError(ErrorCode.StaffSignInStepMissing);
  const secret = found.staff.totpSecret === null ? undefined : openSecret(deps.secretKey, found.staff.totpSecret);
  const step = secret === undefined ? undefined : await acceptedStep(secret, code, now, found.staff.totpLastStep);
  const outcome = await db.transaction(async (tx) => {
    const staff = await lockStaff(tx, found.staff.id);
    if (!staff) return { refused: true, code: ErrorCode.StaffSignInRefused } as const;
    const actor = attemptActor(staff, staff.email, origin);
    if (staff.disabledAt !== null || isLocked(staff, now)) {
      await endSession(tx, found.session.id, now);
      return { refused: true, code: ErrorCode.StaffSignInRefused } as const;
    }
    // A code accepted by another sign-in meanwhile is not accepted twice.
    if (step === undefined || (staff.totpLastStep !== null && step <= staff.totpLastStep)) {
      await countFailure(tx, staff, actor, 'staff.code.failed', now);
      if (staff.failedAttempts + 1 >= StaffLimits.failedAttemptsBeforeLock) await endSession(tx, found.session.id, now);
      return { refused: true, code: ErrorCode.StaffCodeWrong } as const;
    }
    const enrolling = staff.totpEnrolledAt === null;
    const updated = await updateStaff(tx, staff.id, { failedAttempts: 0, lockedUntil: null, totpLastStep: step, ...(enrolling ? { totpEnrolledAt: now } : {}) }, now);
    const { token, hash } = newSessionToken();
    await openSessionStage(tx, found.session.id, hash, now, new Date(now.getTime() + StaffLimits.absoluteHours * 60 * MINUTE));
    const signedIn = staffActor(updated, origin);
    if (enrolling) await recordAudit(tx, signedIn, { action: 'staff.totp.enrolled', objectType: 'staff', objectId: staff.id }, now);
    await recordAudit(tx, signedIn, { action: 'staff.signed-in', objectType: 'staff', objectId: staff.id }, now);
    return { refused: false, sessionToken: token, principal: principalOf(updated, found.session.id, csrfTokenOf(deps.secretKey, token)) } as const;
  });
  if (outcome.refused) throw new AppError(outcome.code);
  return { sessionToken: outcome.sessionToken, principal: outcome.principal };
}

function principalOf(staff: StaffRow, sessionId: number, csrfToken: string): StaffPrincipal {
  return {
    staffId: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role as StaffRole,
    mustChangePassword: staff.mustChangePassword,
    sessionId,
    csrfToken,
  };
}

/**
 * The person behind a session cookie, or undefined: an open session, used within the last 15
 * minutes (each use moves that on), younger than 12 hours, of an account not disabled.
 */
export async function staffOfSession(db: Db, deps: StaffDeps, sessionToken: string): Promise<StaffPrincipal | undefined> {
  const now = deps.now();
  const found = await findLiveSession(db, tokenHash(sessionToken));
  if (!found || found.session.stage !== 'open') return undefined;
  const idle = found.session.lastSeenAt.getTime() + StaffLimits.idleMinutes * MINUTE <= now.getTime();
  if (idle || found.session.expiresAt <= now || found.staff.disabledAt !== null) {
    await endSession(db, found.session.id, now);
    return undefined;
  }
  await touchSession(db, found.session.id, now);
  return principalOf(found.staff, found.session.id, csrfTokenOf(deps.secretKey, sessionToken));
}

export async function signOut(db: Db, deps: StaffDeps, principal: StaffPrincipal, actor: Actor): Promise<void> {
  const now = deps.now();
  await db.transaction(async (tx) => {
    await endSession(tx, principal.sessionId, now);
    await recordAudit(tx, actor, { action: 'staff.signed-out', objectType: 'staff', objectId: principal.staffId }, now);
  });
}

/** A person changes their own password, which they must after a temporary one; the current one proves it is them. */
export async function changeOwnPassword(db: Db, deps: StaffDeps, principal: StaffPrincipal, actor: Actor, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const now = deps.now();
  const staff = await findStaffByEmail(db, principal.email);
  if (!staff || !(await verifyPassword(input.currentPassword, staff.passwordHash))) throw new AppError(ErrorCode.StaffCurrentPasswordWrong, 'currentPassword');
  refusePoorPassword(input.newPassword, staff.email);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateStaff(tx, staff.id, { passwordHash, mustChangePassword: false }, now);
    await recordAudit(tx, actor, { action: 'staff.password.changed', objectType: 'staff', objectId: staff.id, before: { mustChangePassword: staff.mustChangePassword }, after: { mustChangePassword: false } }, now);
  });
}

/** Staff sessions ended or expired before `before` removed (docs/decisions/207); answers how many. */
export function removeStaffSessionsOverBefore(db: Queryable, before: Date): Promise<number> {
  return removeInBatches((limit) => deleteSessionsOverBefore(db, before, limit));
}
