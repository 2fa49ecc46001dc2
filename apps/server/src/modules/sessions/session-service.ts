import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, Limits, normalisePhone } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
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

/**
 * Identity comes from the session alone; `userId` in the query must merely agree with it,
 * so a borrower cannot name someone else's account.
 */
export async function authenticate(
  db: Db,
  sessionId: string | undefined,
  userId: string | undefined,
  now = new Date(),
): Promise<AuthenticatedBorrower> {
  if (!sessionId || !userId) throw new AppError(ErrorCode.SessionRequired);
  const session = await findSessionByHash(db, hashSessionId(sessionId));
  if (!session || session.revokedAt) throw new AppError(ErrorCode.SessionUnknown);
  if (session.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.SessionExpired);
  if (String(session.borrowerId) !== userId) throw new AppError(ErrorCode.SessionUserMismatch);
  return { borrowerId: session.borrowerId, deviceId: session.deviceId };
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
