import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, Limits, normalisePhone } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { noteSessionsEnded, sessionsEndedSince } from './ended-sessions';

export { noteSessionsEnded } from './ended-sessions';
import { revokeLiveSessions } from './borrower-privacy-repository';
import { findBorrowerById, findBorrowerByPhone, findSessionByHash, insertBorrowerIfNew, insertSession, upsertBorrower, type BorrowerRow } from './session-repository';

export type AuthenticatedBorrower = { borrowerId: number; deviceId: string };

export function newSessionId(): string {
  return randomBytes(Limits.sessionIdBytes).toString('base64url');
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export type CreatedSession = { userId: string; sessionId: string; expiresAt: Date };

/** Opens a session for the borrower with this phone (normalised as registration does), creating the borrower if new. */
export async function createSession(
  db: Db,
  input: { phone: string; name?: string | undefined; deviceId?: string | undefined },
  now = new Date(),
): Promise<CreatedSession> {
  const sessionId = newSessionId();
  const expiresAt = new Date(now.getTime() + Limits.sessionTtlMs);
  const borrower = await db.transaction(async (tx) => {
    const row = await upsertBorrower(tx, normalisePhone(input.phone), input.name);
    await insertSession(tx, { idHash: hashSessionId(sessionId), borrowerId: row.id, deviceId: input.deviceId ?? '', expiresAt });
    return row;
  });
  return { userId: String(borrower.id), sessionId, expiresAt };
}

/** How long a process trusts a live session it has read before reading it again (docs/decisions/085). */
export const SESSION_RECHECK_MS = 5_000;
/** Sessions remembered at most per process; past it the longest remembered is forgotten first. */
const REMEMBERED_SESSIONS_MAX = 10_000;

type CheckedSession = { borrowerId: number; deviceId: string; expiresAtMs: number; readAtMs: number };

export type SessionAuthenticator = (sessionId: string | undefined, userId: string | undefined, now?: Date) => Promise<AuthenticatedBorrower>;

/**
 * Identity comes from the session alone; `userId` in the query must merely agree with it,
 * so a borrower cannot name someone else's account.
 *
 * A live session read from the database is remembered by its hash for `recheckMs`, so a
 * borrower's screens, which call several times a second under load, cost one session read per
 * interval instead of one per call. Its expiry and its `userId` are still checked on every call;
 * an unknown, revoked or expired session is never remembered, so it is refused every time.
 */
export function sessionAuthenticator(db: Db, recheckMs = SESSION_RECHECK_MS): SessionAuthenticator {
  const remembered = new Map<string, CheckedSession>();

  async function read(idHash: string, nowMs: number): Promise<CheckedSession> {
    const row = await findSessionByHash(db, idHash);
    if (!row || row.revokedAt) {
      remembered.delete(idHash);
      throw new AppError(ErrorCode.SessionUnknown);
    }
    const session = { borrowerId: row.borrowerId, deviceId: row.deviceId, expiresAtMs: row.expiresAt.getTime(), readAtMs: nowMs };
    remembered.delete(idHash);
    if (remembered.size >= REMEMBERED_SESSIONS_MAX) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(idHash, session);
    return session;
  }

  return async (sessionId, userId, now = new Date()) => {
    if (!sessionId || !userId) throw new AppError(ErrorCode.SessionRequired);
    const idHash = hashSessionId(sessionId);
    const nowMs = now.getTime();
    const known = remembered.get(idHash);
    const fresh = known && nowMs - known.readAtMs < recheckMs && nowMs >= known.readAtMs && !sessionsEndedSince(known.borrowerId, known.readAtMs, nowMs, recheckMs);
    const session = known && fresh ? known : await read(idHash, nowMs);
    if (session.expiresAtMs <= nowMs) {
      remembered.delete(idHash);
      throw new AppError(ErrorCode.SessionExpired);
    }
    if (String(session.borrowerId) !== userId) throw new AppError(ErrorCode.SessionUserMismatch);
    return { borrowerId: session.borrowerId, deviceId: session.deviceId };
  };
}

/** The borrower registered with exactly this phone (not normalised: callers pass a stored form), if any. */
export function borrowerByPhone(db: Queryable, phone: string): Promise<BorrowerRow | undefined> {
  return findBorrowerByPhone(db, phone);
}

export type { BorrowerRow } from './session-repository';

export function borrowerById(db: Queryable, id: number): Promise<BorrowerRow | undefined> {
  return findBorrowerById(db, id);
}

/** Registers the phone as a borrower unless one holds it already (then undefined). */
export function registerBorrowerIfNew(db: Queryable, phone: string, name: string | undefined): Promise<BorrowerRow | undefined> {
  return insertBorrowerIfNew(db, phone, name);
}

/**
 * Revokes every live session of the borrower and returns how many there were. This process
 * forgets them at once; another process within its recheck interval (docs/decisions/085).
 */
export async function endAllSessions(db: Queryable, borrowerId: number, now: Date): Promise<number> {
  const ended = await revokeLiveSessions(db, borrowerId, now);
  noteSessionsEnded(borrowerId);
  return ended;
}
