import { createHash, randomBytes } from 'node:crypto';
import { AccountLimits, ErrorCode, Limits, type PhoneMarket } from '@lend/contracts';
import type { ChangeNotices, ChangeSubscriber } from '../../db/change-notices';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { removeInBatches } from '../../db/batches';
import {
  deleteSessionsOverBefore,
  deviceHasSessionFor,
  findLiveSessionChecks,
  findBorrowerById,
  findBorrowersByIds,
  findBorrowerPhones,
  findBorrowersByNameStart,
  findBorrowersByPhoneEnd,
  findBorrowerByPhone,
  findSessionByHash,
  insertBorrowerIfNew,
  insertSession,
  listLiveSessions,
  revokeBorrowerSessions,
  revokeSession,
  revokeSessionByPublicId,
  touchSession,
  upsertBorrower,
  type BorrowerRow,
  type NewBorrower,
  type SessionCheckRow,
} from './session-repository';

export type AuthenticatedBorrower = { borrowerId: number; deviceId: string; market: PhoneMarket };

export function newSessionId(): string {
  return randomBytes(Limits.sessionIdBytes).toString('base64url');
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export type CreatedSession = { userId: string; sessionId: string; expiresAt: Date; newBorrower: boolean };

/**
 * Opens a session for the borrower with this phone, creating the borrower if new. `phone` is the
 * stored form (E.164, `e164Phone` in contracts) of a number of `market`.
 */
export async function createSession(
  db: Db,
  input: { phone: string; market: PhoneMarket; name?: string | undefined; deviceId?: string | undefined },
  now = new Date(),
): Promise<CreatedSession> {
  return db.transaction((tx) => openSession(tx, input, now));
}

/** `createSession` inside the caller's transaction (sign-in spends its code in the same one). */
export async function openSession(
  tx: Queryable,
  input: { phone: string; market: PhoneMarket; name?: string | undefined; deviceId?: string | undefined },
  now: Date,
): Promise<CreatedSession> {
  const sessionId = newSessionId();
  const expiresAt = new Date(now.getTime() + Limits.sessionTtlMs);
  const { row, created } = await upsertBorrower(tx, { phone: input.phone, market: input.market, name: input.name });
  await insertSession(tx, { idHash: hashSessionId(sessionId), borrowerId: row.id, deviceId: input.deviceId ?? '', expiresAt, createdAt: now });
  return { userId: String(row.id), sessionId, expiresAt, newBorrower: created };
}

/**
 * How long a process trusts a live session it has read before reading it again, while it does not
 * receive the database's change notices (docs/decisions/085, 212).
 */
export const SESSION_RECHECK_MS = 5_000;
/** Sessions remembered at most per process (about 150 bytes each); past it the longest remembered is forgotten first. */
export const REMEMBERED_SESSIONS_MAX = 100_000;

type CheckedSession = { borrowerId: number; deviceId: string; market: PhoneMarket; expiresAtMs: number; lastUsedAtMs: number; readAtMs: number };

function checkedSession(row: SessionCheckRow, readAtMs: number): CheckedSession {
  return { borrowerId: row.borrowerId, deviceId: row.deviceId, market: row.market, expiresAtMs: row.expiresAt.getTime(), lastUsedAtMs: row.lastUsedAt.getTime(), readAtMs };
}

/**
 * The live sessions one authenticator remembers, by the hash of their id, with each borrower's
 * hashes so that a change to a borrower's sessions forgets them at once.
 */
class SessionMemory {
  readonly byHash = new Map<string, CheckedSession>();
  private readonly hashesOf = new Map<number, Set<string>>();

  get(idHash: string): CheckedSession | undefined {
    return this.byHash.get(idHash);
  }

  set(idHash: string, session: CheckedSession): void {
    this.delete(idHash);
    if (this.byHash.size >= REMEMBERED_SESSIONS_MAX) {
      const oldest = this.byHash.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.byHash.set(idHash, session);
    let hashes = this.hashesOf.get(session.borrowerId);
    if (!hashes) {
      hashes = new Set();
      this.hashesOf.set(session.borrowerId, hashes);
    }
    hashes.add(idHash);
  }

  delete(idHash: string): void {
    const session = this.byHash.get(idHash);
    if (!session) return;
    this.byHash.delete(idHash);
    const hashes = this.hashesOf.get(session.borrowerId);
    hashes?.delete(idHash);
    if (hashes?.size === 0) this.hashesOf.delete(session.borrowerId);
  }

  forgetBorrower(borrowerId: number): void {
    for (const idHash of this.hashesOf.get(borrowerId) ?? []) this.byHash.delete(idHash);
    this.hashesOf.delete(borrowerId);
  }

  clear(): void {
    this.byHash.clear();
    this.hashesOf.clear();
  }
}

/**
 * Every authenticator's memory in this process, so a sign-out evicts what any of them
 * remembers at once (docs/decisions/092). `revocations` counts sign-outs and change notices: a
 * read that started before one is not remembered, so a session revoked while it was being read is
 * not kept.
 */
// Held weakly: an app that was closed and dropped takes its authenticator's memory with it.
const memories = new Set<WeakRef<SessionMemory>>();
let revocations = 0;

function forgetSessions(idHashes: readonly string[], borrowerId: number): void {
  revocations += 1;
  for (const ref of memories) {
    const memory = ref.deref();
    if (!memory) {
      memories.delete(ref);
      continue;
    }
    for (const idHash of idHashes) memory.delete(idHash);
    memory.forgetBorrower(borrowerId);
  }
}

export type SessionAuthenticator = ((sessionId: string | undefined, userId: string | undefined, now?: Date) => Promise<AuthenticatedBorrower>) & {
  /** Stops taking change notices (the app's close). */
  stop: () => void;
};

export type SessionAuthenticatorOptions = {
  /** How long a remembered session is trusted while change notices are not received. */
  recheckMs?: number;
  /**
   * The database's change notices (docs/decisions/099): while they are received, a remembered
   * session is trusted until a notice says the borrower's sessions changed, and every live session
   * is read into memory once they start, so a borrower's first call needs no session read (212).
   */
  notices?: ChangeNotices;
  /** The clock of the live sessions' read when notices start. */
  now?: () => Date;
};

/**
 * Identity comes from the session alone; `userId` in the query must merely agree with it,
 * so a borrower cannot name someone else's account.
 *
 * A live session read from the database is remembered by its hash: without change notices for
 * `recheckMs`, so a borrower's screens, which call several times a second under load, cost one
 * session read per interval instead of one per call; with them, until a notice says one of the
 * borrower's sessions changed (revoked, touched, removed), every live session read at once when
 * notices start (docs/decisions/212). Its expiry, idle time and `userId` are still checked on
 * every call; an unknown, revoked or expired session is never remembered, so it is refused every
 * time, and a sign-out in this process forgets it at once. Last-used moves forward at most once
 * an hour per session, so a call costs no write (docs/decisions/092).
 */
export function sessionAuthenticator(db: Db, options: SessionAuthenticatorOptions = {}): SessionAuthenticator {
  const recheckMs = options.recheckMs ?? SESSION_RECHECK_MS;
  const clock = options.now ?? (() => new Date());
  const remembered = new SessionMemory();
  memories.add(new WeakRef(remembered));
  let trusted = false;

  const remember = (idHash: string, session: CheckedSession, before: number): void => {
    if (before === revocations) remembered.set(idHash, session);
  };
  /** While the live sessions are being read: the borrowers a notice named meanwhile, whose rows are left out. */
  let loading: { changed: Set<number>; spoilt: boolean } | undefined;

  async function loadLive(): Promise<void> {
    const load = { changed: new Set<number>(), spoilt: false };
    loading = load;
    const now = clock();
    try {
      const rows = await findLiveSessionChecks(db, now, REMEMBERED_SESSIONS_MAX);
      if (load.spoilt || loading !== load) return;
      // Oldest first, so the most recently used are the last the memory would forget.
      for (let i = rows.length - 1; i >= 0; i -= 1) {
        const row = rows[i];
        if (!row || load.changed.has(row.borrowerId) || remembered.get(row.idHash)) continue;
        remembered.set(row.idHash, checkedSession(row, now.getTime()));
      }
    } finally {
      if (loading === load) loading = undefined;
    }
  }

  const subscriber: ChangeSubscriber = {
    notice(payload) {
      const [topic, id] = payload.split(':');
      if (topic === 'session') {
        const borrowerId = Number(id);
        revocations += 1;
        remembered.forgetBorrower(borrowerId);
        loading?.changed.add(borrowerId);
      } else if (topic === 'all') {
        revocations += 1;
        remembered.clear();
        if (loading) loading.spoilt = true;
      }
    },
    listening(on) {
      // Either way, what was read before cannot be trusted to have seen every notice.
      revocations += 1;
      remembered.clear();
      if (loading) loading.spoilt = true;
      trusted = on;
      if (on) void loadLive().catch(() => undefined);
    },
  };
  const unsubscribe = options.notices?.subscribe(subscriber);

  async function read(idHash: string, nowMs: number): Promise<CheckedSession> {
    const before = revocations;
    const row = await findSessionByHash(db, idHash);
    if (!row || row.revokedAt) {
      remembered.delete(idHash);
      throw new AppError(ErrorCode.SessionUnknown);
    }
    const session = checkedSession(row, nowMs);
    remembered.delete(idHash);
    remember(idHash, session, before);
    return session;
  }

  const authenticate = async (sessionId: string | undefined, userId: string | undefined, now = new Date()): Promise<AuthenticatedBorrower> => {
    if (!sessionId || !userId) throw new AppError(ErrorCode.SessionRequired);
    const idHash = hashSessionId(sessionId);
    const nowMs = now.getTime();
    const known = remembered.get(idHash);
    const fresh = known !== undefined && (trusted || (nowMs - known.readAtMs < recheckMs && nowMs >= known.readAtMs));
    const session = fresh ? known : await read(idHash, nowMs);
    if (session.expiresAtMs <= nowMs || nowMs - session.lastUsedAtMs >= AccountLimits.sessionIdleMs) {
      remembered.delete(idHash);
      throw new AppError(ErrorCode.SessionExpired);
    }
    if (String(session.borrowerId) !== userId) throw new AppError(ErrorCode.SessionUserMismatch);
    if (nowMs - session.lastUsedAtMs >= AccountLimits.sessionTouchMs) {
      session.lastUsedAtMs = nowMs;
      await touchSession(db, idHash, now, new Date(nowMs - AccountLimits.sessionTouchMs));
    }
    return { borrowerId: session.borrowerId, deviceId: session.deviceId, market: session.market };
  };
  return Object.assign(authenticate, { stop: () => unsubscribe?.() });
}

/**
 * Revokes every live session of the borrower (account deletion, sign-out everywhere) and forgets
 * them in this process at once; how many were live. Other processes refuse them within
 * `SESSION_RECHECK_MS` (docs/decisions/092).
 */
export async function endAllSessions(db: Queryable, borrowerId: number, now: Date): Promise<number> {
  const revoked = await revokeBorrowerSessions(db, borrowerId, now);
  forgetSessions(revoked, borrowerId);
  return revoked.length;
}

/**
 * Forgets the borrower's sessions in this process again, for a caller whose revocation was inside
 * a transaction: a call that read a session between the revocation and the commit saw it live.
 */
export function forgetBorrowerSessions(borrowerId: number): void {
  forgetSessions([], borrowerId);
}

/** Revokes this session of the borrower and forgets it in this process; false when it was not live. */
export async function endSession(db: Queryable, borrowerId: number, sessionId: string, now: Date): Promise<boolean> {
  const revoked = await revokeSession(db, borrowerId, hashSessionId(sessionId), now);
  if (revoked) forgetSessions([revoked], borrowerId);
  return revoked !== undefined;
}

/** One of the borrower's live sessions as the borrower may see it: never its id or hash. */
export type SessionSummary = { publicId: string; deviceId: string; createdAt: Date; lastUsedAt: Date; current: boolean };

/**
 * Ends one of the borrower's live sessions named by its public id (the back office never sees a
 * session id), in the caller's transaction, and forgets it in this process; false when it was not live.
 */
export async function endSessionByPublicId(db: Queryable, borrowerId: number, publicId: string, now: Date): Promise<boolean> {
  const revoked = await revokeSessionByPublicId(db, borrowerId, publicId, now);
  if (revoked) forgetSessions([revoked], borrowerId);
  return revoked !== undefined;
}

/** The borrower's live sessions as staff see them: none is the caller's own. */
export function liveSessionsForStaff(db: Queryable, borrowerId: number, now: Date): Promise<SessionSummary[]> {
  return liveSessions(db, borrowerId, '', now);
}

/**
 * Borrowers found by the end of their phone (at least 4 digits: a whole number without its
 * country code is one too) or the start of their name, each on its own index (docs/decisions/173).
 */
export function borrowersByPhoneEnd(db: Queryable, digits: string, limit: number): Promise<BorrowerRow[]> {
  return findBorrowersByPhoneEnd(db, digits, limit);
}

export function borrowersByNameStart(db: Queryable, start: string, limit: number): Promise<BorrowerRow[]> {
  return findBorrowersByNameStart(db, start, limit);
}

/** The borrower's live sessions (not revoked, not past their absolute or idle end), most recently used first. */
export async function liveSessions(db: Queryable, borrowerId: number, currentSessionId: string, now: Date): Promise<SessionSummary[]> {
  const currentHash = hashSessionId(currentSessionId);
  const rows = await listLiveSessions(db, borrowerId, now, AccountLimits.sessionsListMax);
  return rows
    .filter((row) => now.getTime() - row.lastUsedAt.getTime() < AccountLimits.sessionIdleMs)
    .map((row) => ({ publicId: row.publicId, deviceId: row.deviceId, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, current: row.idHash === currentHash }));
}

/**
 * Whether this device has signed in to this phone's account before: such a device keeps a sign-in
 * allowance of its own that other devices cannot use up (docs/decisions/109). An empty device id
 * (sessions the operator opened) is never one.
 */
export function hasSignedInOn(db: Queryable, phone: string, deviceId: string): Promise<boolean> {
  if (deviceId === '') return Promise.resolve(false);
  return deviceHasSessionFor(db, phone, deviceId);
}

/** The borrower registered with exactly this stored (E.164) phone, if any. */
export function borrowerByPhone(db: Queryable, phone: string): Promise<BorrowerRow | undefined> {
  return findBorrowerByPhone(db, phone);
}

export type { BorrowerRow } from './session-repository';

export function borrowerById(db: Queryable, id: number): Promise<BorrowerRow | undefined> {
  return findBorrowerById(db, id);
}

/** These borrowers, by id. */
export function borrowersByIds(db: Queryable, ids: readonly number[]): Promise<BorrowerRow[]> {
  return findBorrowersByIds(db, ids);
}

/** Registers the phone (stored form) as a borrower unless one holds it already (then undefined). */
export function registerBorrowerIfNew(db: Queryable, borrower: NewBorrower): Promise<BorrowerRow | undefined> {
  return insertBorrowerIfNew(db, borrower);
}

/** The borrower with this phone, created when new (the demo seed's borrower). */
export function ensureBorrower(db: Queryable, borrower: NewBorrower): Promise<{ row: BorrowerRow; created: boolean }> {
  return upsertBorrower(db, borrower);
}

/** Each row with its borrower's stored phone, in the rows' order; a row naming no borrower is left out, as a join would. */
export async function withBorrowerPhones<R extends { borrowerId: number }>(db: Queryable, rows: readonly R[]): Promise<(R & { phone: string })[]> {
  const ids = [...new Set(rows.map((row) => row.borrowerId))];
  const phones = new Map(ids.length === 0 ? [] : (await findBorrowerPhones(db, ids)).map((row) => [row.id, row.phone]));
  return rows.flatMap((row) => {
    const phone = phones.get(row.borrowerId);
    return phone === undefined ? [] : [{ ...row, phone }];
  });
}

/**
 * Sessions revoked or expired before `before` removed (docs/decisions/207); answers how many. A
 * device whose sessions are all removed is no longer one the borrower signed in on (decision 109).
 */
export function removeSessionsOverBefore(db: Queryable, before: Date): Promise<number> {
  return removeInBatches((limit) => deleteSessionsOverBefore(db, before, limit));
}
