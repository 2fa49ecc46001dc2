import type { Queryable, Tx } from '../../db/client';
import { findBorrowerById } from './session-repository';
import { newestRows, type NewestRows } from '../../db/paging';
import { anonymiseBorrowerRow, findNewestSessionsOf, lockBorrowerRow } from './borrower-privacy-repository';

/**
 * What an erased borrower's phone becomes: unique, never a phone (no sign-in normalises to it),
 * so the real number is free for a new account (docs/decisions/095).
 */
export function erasedPhone(borrowerId: number): string {
  return `deleted-${borrowerId}`;
}

export function isErasedPhone(phone: string): boolean {
  return phone.startsWith('deleted-');
}

export type BorrowerProfile = { userId: string; phone: string; name: string; createdAt: Date };
export type SessionRecord = { createdAt: Date; expiresAt: Date; revokedAt: Date | null; deviceId: string };

export async function borrowerProfile(db: Queryable, borrowerId: number): Promise<BorrowerProfile | undefined> {
  const row = await findBorrowerById(db, borrowerId);
  return row ? { userId: String(row.id), phone: row.phone, name: row.name, createdAt: row.createdAt } : undefined;
}

/** The borrower's newest `limit` sessions, oldest first, and how many older ones were left out. */
export async function sessionRecordsOf(db: Queryable, borrowerId: number, limit: number): Promise<NewestRows<SessionRecord>> {
  return newestRows(await findNewestSessionsOf(db, borrowerId, limit), ({ total: _total, ...record }) => record);
}

/** Whether the borrower deleted their account: their row stays, anonymised, for the records kept (docs/decisions/095, 223). */
export async function isErasedBorrower(db: Queryable, borrowerId: number): Promise<boolean> {
  const row = await findBorrowerById(db, borrowerId);
  return row !== undefined && isErasedPhone(row.phone);
}

/** Locks the borrower for the rest of the transaction; their phone as it was, or undefined when there is no such borrower. */
export async function lockBorrowerForErasure(tx: Tx, borrowerId: number): Promise<string | undefined> {
  return (await lockBorrowerRow(tx, borrowerId))?.phone;
}

/** Erases the phone, the name and the device ids of the sessions; the row stays for the records kept. */
export function anonymiseBorrower(db: Queryable, borrowerId: number): Promise<void> {
  return anonymiseBorrowerRow(db, borrowerId, erasedPhone(borrowerId));
}
