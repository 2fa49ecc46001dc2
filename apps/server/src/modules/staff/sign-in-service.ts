import { ErrorCode, StaffLimits, type StaffRole } from '@lend/contracts';
import { removeInBatches } from '../../db/batches';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from './audit';
import { acceptedStep, newEnrolment, openSecret, sealSecret } from './authenticator';
import { decoyHash, hashIsStale, hashPassword, refusePoorPassword, verifyPassword } from './passwords';
import { csrfTokenOf, newSessionToken, tokenHash } from './staff-sessions';
import type { StaffDeps } from './staff-settings';
import {
  deleteSessionsOverBefore,
  deviceSignedInBefore,
  endOtherSessionsOf,
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

/**
 * Failures are counted apart for a device the account has signed in on and for any other: whoever
 * knows an e-mail can lock the account for unknown devices, never for the known ones (docs/decisions/219,
 * as borrowers' known devices keep a sign-in allowance of their own: 109).
 */
const lockOf = (staff: StaffRow, known: boolean) => (known ? staff.knownLockedUntil : staff.lockedUntil);
const isLocked = (staff: StaffRow, known: boolean, now: Date) => {
  const until = lockOf(staff, known);
  return until !== null && until > now;
};
const failuresOf = (staff: StaffRow, known: boolean) => (known ? staff.knownFailedAttempts : staff.failedAttempts);

/**
 * One more failed attempt, password or code, from a known device or another. The fifth in a row of
 * its kind locks the account for that kind for 15 minutes and starts the count again (docs/decisions/160).
 */
async function countFailure(tx: Tx, staff: StaffRow, known: boolean, actor: Actor, action: string, now: Date): Promise<void> {
  const failures = failuresOf(staff, known) + 1;
  const locks = failures >= StaffLimits.failedAttemptsBeforeLock;
  const lockedUntil = locks ? new Date(now.getTime() + StaffLimits.lockMinutes * MINUTE) : lockOf(staff, known);
  await updateStaff(tx, staff.id, known ? { knownFailedAttempts: locks ? 0 : failures, knownLockedUntil: lockedUntil } : { failedAttempts: locks ? 0 : failures, lockedUntil }, now);
  await recordAudit(tx, actor, { action, objectType: 'staff', objectId: staff.id, after: { failedAttempts: failures, knownDevice: known } }, now);
  if (locks) await recordAudit(tx, actor, { action: 'staff.locked', objectType: 'staff', objectId: staff.id, after: { lockedMinutes: StaffLimits.lockMinutes, knownDevice: known } }, now);
}

/** Whether the device cookie presented is of a device this account has signed in on. */
function knownDevice(db: Queryable, staffId: number, deviceToken: string | undefined): Promise<boolean> {
  return deviceToken === undefined ? Promise.resolve(false) : deviceSignedInBefore(db, staffId, tokenHash(deviceToken));
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
export async function signInWithPassword(
  db: Db,
  deps: StaffDeps,
  input: { email: string; password: string },
  origin: CallOrigin,
  deviceToken?: string,
): Promise<SignInStep> {
  const now = deps.now();
  const found = await findStaffByEmail(db, input.email);
  const passwordRight = await verifyPassword(input.password, found?.passwordHash ?? (await decoyHash()));
  // An old hash, or one below the current setting, is made again now that the password is known right.
  const rehashed = found && passwordRight && hashIsStale(found.passwordHash) ? await hashPassword(input.password) : undefined;
  const known = found ? await knownDevice(db, found.id, deviceToken) : false;
  const outcome = await db.transaction(async (tx) => {
    const staff = found ? await lockStaff(tx, found.id) : undefined;
    const actor = attemptActor(staff, input.email, origin);
    if (!staff) {
      await recordAudit(tx, actor, { action: 'staff.sign-in.failed', objectType: 'staff', objectId: 'unknown' }, now);
      return undefined;
    }
    if (staff.disabledAt !== null || isLocked(staff, known, now)) {
      await recordAudit(tx, actor, { action: 'staff.sign-in.refused', objectType: 'staff', objectId: staff.id, after: { disabled: staff.disabledAt !== null, lockedUntil: lockOf(staff, known), knownDevice: known } }, now);
      return undefined;
    }
    if (!passwordRight) {
      await countFailure(tx, staff, known, actor, 'staff.sign-in.failed', now);
      return undefined;
    }
    if (rehashed !== undefined && staff.passwordHash === found?.passwordHash) {
      await updateStaff(tx, staff.id, { passwordHash: rehashed }, now);
      await recordAudit(tx, actor, { action: 'staff.password.rehashed', objectType: 'staff', objectId: staff.id, after: { scheme: 'argon2id' } }, now);
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
  deviceToken?: string,
): Promise<{ sessionToken: string; deviceToken: string; principal: StaffPrincipal }> {
  const now = deps.now();
  const found = stepToken ? await findLiveSession(db, tokenHash(stepToken)) : undefined;
  if (!found || found.session.stage !== 'second-factor' || found.session.expiresAt <= now) throw new AppError(ErrorCode.StaffSignInStepMissing);
  const secret = found.staff.totpSecret === null ? undefined : openSecret(deps.secretKey, found.staff.totpSecret);
  const step = secret === undefined ? undefined : await acceptedStep(secret, code, now, found.staff.totpLastStep);
  const known = await knownDevice(db, found.staff.id, deviceToken);
  const outcome = await db.transaction(async (tx) => {
    const staff = await lockStaff(tx, found.staff.id);
    if (!staff) return { refused: true, code: ErrorCode.StaffSignInRefused } as const;
    const actor = attemptActor(staff, staff.email, origin);
    if (staff.disabledAt !== null || isLocked(staff, known, now)) {
      await endSession(tx, found.session.id, now);
      return { refused: true, code: ErrorCode.StaffSignInRefused } as const;
    }
    // A code accepted by another sign-in meanwhile is not accepted twice.
    if (step === undefined || (staff.totpLastStep !== null && step <= staff.totpLastStep)) {
      await countFailure(tx, staff, known, actor, 'staff.code.failed', now);
      if (failuresOf(staff, known) + 1 >= StaffLimits.failedAttemptsBeforeLock) await endSession(tx, found.session.id, now);
      return { refused: true, code: ErrorCode.StaffCodeWrong } as const;
    }
    const enrolling = staff.totpEnrolledAt === null;
    const cleared = known ? { knownFailedAttempts: 0, knownLockedUntil: null } : { failedAttempts: 0, lockedUntil: null };
    const updated = await updateStaff(tx, staff.id, { ...cleared, totpLastStep: step, ...(enrolling ? { totpEnrolledAt: now } : {}) }, now);
    const { token, hash } = newSessionToken();
    // The browser keeps its device cookie, or gets one now: from here on it is a known device.
    const device = deviceToken ?? newSessionToken().token;
    await openSessionStage(tx, found.session.id, { tokenHash: hash, deviceHash: tokenHash(device) }, now, new Date(now.getTime() + StaffLimits.absoluteHours * 60 * MINUTE));
    const signedIn = staffActor(updated, origin);
    if (enrolling) await recordAudit(tx, signedIn, { action: 'staff.totp.enrolled', objectType: 'staff', objectId: staff.id }, now);
    await recordAudit(tx, signedIn, { action: 'staff.signed-in', objectType: 'staff', objectId: staff.id, after: { knownDevice: known } }, now);
    return { refused: false, sessionToken: token, deviceToken: device, principal: principalOf(updated, found.session.id, csrfTokenOf(deps.secretKey, token)) } as const;
  });
  if (outcome.refused) throw new AppError(outcome.code);
  return { sessionToken: outcome.sessionToken, deviceToken: outcome.deviceToken, principal: outcome.principal };
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

/**
 * A person changes their own password, which they must after a temporary one; the current one
 * proves it is them. The new one must differ from it, and every other session of the account ends
 * (docs/decisions/219): whoever signed in with the old password is out.
 */
export async function changeOwnPassword(db: Db, deps: StaffDeps, principal: StaffPrincipal, actor: Actor, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const now = deps.now();
  const staff = await findStaffByEmail(db, principal.email);
  if (!staff || !(await verifyPassword(input.currentPassword, staff.passwordHash))) throw new AppError(ErrorCode.StaffCurrentPasswordWrong, 'currentPassword');
  if (input.newPassword.normalize('NFKC') === input.currentPassword.normalize('NFKC')) throw new AppError(ErrorCode.StaffPasswordUnchanged, 'newPassword');
  await refusePoorPassword(input.newPassword, staff.email);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateStaff(tx, staff.id, { passwordHash, mustChangePassword: false }, now);
    const ended = await endOtherSessionsOf(tx, staff.id, principal.sessionId, now);
    await recordAudit(tx, actor, { action: 'staff.password.changed', objectType: 'staff', objectId: staff.id, before: { mustChangePassword: staff.mustChangePassword }, after: { mustChangePassword: false, otherSessionsEnded: ended } }, now);
  });
}

/** Staff sessions ended or expired before `before` removed (docs/decisions/207); answers how many. */
export function removeStaffSessionsOverBefore(db: Queryable, before: Date): Promise<number> {
  return removeInBatches((limit) => deleteSessionsOverBefore(db, before, limit));
}
