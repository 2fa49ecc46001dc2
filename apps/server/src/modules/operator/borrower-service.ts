import { BORROWER_SEARCH_MAX, ErrorCode, type BorrowerHit, type BorrowerPage, type PhoneMarket } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { complaintBorrower, complaintsOfBorrowerForStaff } from '../complaints';
import { newestBorrowerOrders, orderByNumber } from '../orders';
import { arcoRequestBorrower, arcoRequestsOfBorrower } from '../privacy';
import { borrowerIdsByNameStart, staffProfileNames, staffProfileView } from '../profiles';
import { borrowerById, borrowersByIds, borrowersByNameStart, borrowersByPhoneEnd, endSessionByPublicId, liveSessionsForStaff, openSession, type CreatedSession, type BorrowerRow } from '../sessions';
import { recordAudit, type Actor } from '../staff';

type Match = BorrowerHit['matchedBy'];

const FOLIO = /^(RC|AR)\d{8}$/;
/** Order numbers are letters and digits, longer than any phone end or folio a person types. */
const ORDER_NO = /^[A-Z0-9-]{6,32}$/;
/** Typed phone numbers keep their spacing: `+52 55 1234 5678`, `98765-43210`. */
const PHONE = /^\+?[\d\s().-]+$/;
/** A name's start: letters (any script), spaces, apostrophes and hyphens. */
const NAME = /^[\p{L}][\p{L}\s'.-]*$/u;

const marketOf = (value: string): PhoneMarket => (value === 'IN' ? 'IN' : 'MX');

/** The hits, their profiles read in one query: a search answers up to BORROWER_SEARCH_MAX of them. */
async function hitsOf(db: Queryable, rows: readonly BorrowerRow[], matchedBy: Match): Promise<BorrowerHit[]> {
  const profiles = await staffProfileNames(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const profile = profiles.get(row.id);
    return { userId: String(row.id), name: profile?.name || row.name, phone: row.phone, market: marketOf(row.market), nationalId: profile?.nationalId ?? null, matchedBy };
  });
}

async function byId(db: Queryable, id: number | undefined): Promise<BorrowerRow[]> {
  if (id === undefined) return [];
  const row = await borrowerById(db, id);
  return row ? [row] : [];
}

/** What a search text names, and the borrowers it finds that way: each way reads one index. */
async function found(db: Queryable, text: string): Promise<{ rows: BorrowerRow[]; matchedBy: Match }> {
  const upper = text.toUpperCase();
  if (FOLIO.test(upper)) {
    const id = upper.startsWith('RC') ? await complaintBorrower(db, upper) : await arcoRequestBorrower(db, upper);
    return { rows: await byId(db, id), matchedBy: 'folio' };
  }
  if (PHONE.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length < 4) throw new AppError(ErrorCode.BorrowerSearchInvalid, 'q');
    return { rows: await borrowersByPhoneEnd(db, digits, BORROWER_SEARCH_MAX), matchedBy: 'phone' };
  }
  if (NAME.test(text) && !/\d/.test(text)) {
    if ([...text].length < 2) throw new AppError(ErrorCode.BorrowerSearchInvalid, 'q');
    // The name the borrower signed up with, or the legal one of their profile: each has its index.
    const byName = await borrowersByNameStart(db, text, BORROWER_SEARCH_MAX);
    const known = new Set(byName.map((row) => row.id));
    const byProfile = (await borrowerIdsByNameStart(db, text, BORROWER_SEARCH_MAX)).filter((id) => !known.has(id));
    const rows = [...byName, ...(await borrowersByIds(db, byProfile))];
    return { rows: rows.sort((a, b) => a.id - b.id).slice(0, BORROWER_SEARCH_MAX), matchedBy: 'name' };
  }
  if (ORDER_NO.test(upper)) {
    const order = (await orderByNumber(db, text)) ?? (await orderByNumber(db, upper));
    return { rows: await byId(db, order?.borrowerId), matchedBy: 'order' };
  }
  throw new AppError(ErrorCode.BorrowerSearchInvalid, 'q');
}

/**
 * Borrowers by a phone (whole or its last digits), a complaint or privacy folio, an order number,
 * or a name's start (docs/decisions/173); personal ids masked.
 */
export async function searchBorrowers(db: Queryable, text: string): Promise<{ items: BorrowerHit[] }> {
  const { rows, matchedBy } = await found(db, text.trim());
  return { items: await hitsOf(db, rows, matchedBy) };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One borrower's page, each part from the module that owns it. */
export async function borrowerPage(db: Queryable, userId: number, now: Date): Promise<BorrowerPage> {
  const row = await borrowerById(db, userId);
  if (!row) throw new AppError(ErrorCode.BorrowerNotFound);
  // Independent reads, sent together: the page waits for the slowest, not for their sum.
  const [profile, orders, complaints, requests, sessions] = await Promise.all([
    staffProfileView(db, row.id),
    newestBorrowerOrders(db, row.id),
    complaintsOfBorrowerForStaff(db, row.id),
    arcoRequestsOfBorrower(db, row.id),
    liveSessionsForStaff(db, row.id, now),
  ]);
  return {
    borrower: { userId: String(row.id), name: profile.name || row.name, phone: row.phone, market: marketOf(row.market), nationalId: profile.nationalId, registeredAt: row.createdAt.toISOString() },
    orders: orders.orders.map((order) => ({ orderNo: order.orderNo, statusCode: order.statusCode, principalMinor: order.principalMinor, currency: order.currency, createdAt: order.createdAt.toISOString() })),
    moreOrders: orders.more,
    complaints: complaints.map((complaint) => ({ ...complaint, createdAt: complaint.createdAt.toISOString(), dueAt: complaint.dueAt.toISOString() })),
    privacyRequests: requests.map((request) => ({ folio: request.folio, kind: request.kind, status: request.status, receivedAt: request.receivedAt, answerDue: request.answerDue })),
    sessions: sessions.map((session) => ({ sessionId: session.publicId, deviceId: session.deviceId, createdAt: session.createdAt.toISOString(), lastUsedAt: session.lastUsedAt.toISOString() })),
    consents: profile.consents.map((consent) => ({ kind: consent.kind, textVersion: consent.textVersion, givenAt: iso(consent.givenAt) })),
  };
}

/** Ends one of the borrower's live sessions for staff (a lost phone, a borrower's call), audited in the same transaction. */
export async function endBorrowerSession(db: Db, userId: number, sessionId: string, actor: Actor, now: Date): Promise<{ sessionId: string; ended: true }> {
  return db.transaction(async (tx) => {
    if (!(await borrowerById(tx, userId))) throw new AppError(ErrorCode.BorrowerNotFound);
    if (!(await endSessionByPublicId(tx, userId, sessionId, now))) throw new AppError(ErrorCode.BorrowerSessionNotFound);
    await recordAudit(tx, actor, { action: 'borrower.session.end', objectType: 'borrower-session', objectId: sessionId, before: { userId, live: true }, after: { userId, live: false } }, now);
    return { sessionId, ended: true as const };
  });
}

/** The operator opens a borrower's session (creating the borrower if the phone is new), recorded with who asked (docs/decisions/162). */
export function openBorrowerSession(
  db: Db,
  input: { phone: string; market: PhoneMarket; name?: string | undefined; deviceId?: string | undefined },
  actor: Actor,
  now: Date,
): Promise<CreatedSession> {
  return db.transaction(async (tx) => {
    const session = await openSession(tx, input, now);
    await recordAudit(tx, actor, { action: 'borrower.session.open', objectType: 'borrower', objectId: session.userId, after: { newBorrower: session.newBorrower, deviceId: input.deviceId ?? '' } }, now);
    return session;
  });
}
