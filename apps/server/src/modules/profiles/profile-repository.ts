import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { borrowerProfiles, deviceRecords, payoutAccounts, profileConsents, profileImages } from '../../db/schema';

export type ProfileRow = typeof borrowerProfiles.$inferSelect;
export type ProfileChanges = Partial<Omit<ProfileRow, 'borrowerId' | 'market' | 'createdAt'>>;
export type ProfileImageRow = typeof profileImages.$inferSelect;
export type ConsentRow = typeof profileConsents.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type DeviceRow = typeof deviceRecords.$inferSelect;

/** Whether another borrower's profile holds this national id. */
export async function nationalIdHeldByOthers(db: Queryable, borrowerId: number, kind: string, value: string): Promise<boolean> {
  const [row] = await db
    .select({ borrowerId: borrowerProfiles.borrowerId })
    .from(borrowerProfiles)
    .where(and(eq(borrowerProfiles.nationalIdKind, kind), eq(borrowerProfiles.nationalId, value), sql`${borrowerProfiles.borrowerId} <> ${borrowerId}`))
    .limit(1);
  return row !== undefined;
}

/** Whether another borrower's active payout account is the same account as this borrower's active one. */
export async function payoutAccountHeldByOthers(db: Queryable, borrowerId: number): Promise<boolean> {
  const mine = await activeAccountOf(db, borrowerId);
  if (!mine) return false;
  const [row] = await db
    .select({ id: payoutAccounts.id })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.accountNumber, mine.accountNumber), eq(payoutAccounts.bankCode, mine.bankCode), isNull(payoutAccounts.replacedAt), sql`${payoutAccounts.borrowerId} <> ${borrowerId}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Borrowers whose legal name (given names, then surnames) or first surname starts with `pattern`
 * (lower case, ending in `%`): the same expressions as the two name indexes, so each is read on one.
 */
export async function findBorrowerIdsByNameStart(db: Queryable, pattern: string, limit: number): Promise<number[]> {
  const p = borrowerProfiles;
  const rows = await db
    .select({ borrowerId: p.borrowerId })
    .from(p)
    .where(
      sql`lower(coalesce(${p.givenNames}, '') || ' ' || coalesce(${p.firstSurname}, '') || ' ' || coalesce(${p.secondSurname}, '')) like ${pattern} or lower(${p.firstSurname}) like ${pattern}`,
    )
    .orderBy(p.borrowerId)
    .limit(limit);
  return rows.map((row) => row.borrowerId);
}

/** The names and national ids of these borrowers' profiles, in one query (a borrower without a profile has no row). */
export function findProfileNames(db: Queryable, borrowerIds: readonly number[]) {
  if (borrowerIds.length === 0) return Promise.resolve([]);
  const p = borrowerProfiles;
  return db
    .select({ borrowerId: p.borrowerId, givenNames: p.givenNames, firstSurname: p.firstSurname, secondSurname: p.secondSurname, nationalIdKind: p.nationalIdKind, nationalId: p.nationalId })
    .from(p)
    .where(inArray(p.borrowerId, [...borrowerIds]));
}

export async function findProfile(db: Queryable, borrowerId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, borrowerId));
  return row;
}

/**
 * The borrower's profile row, created empty when missing, locked until the transaction ends:
 * every step of one borrower runs after the one before, so two submissions of a step leave one
 * row holding one of them whole.
 */
export async function lockProfile(tx: Tx, borrowerId: number, market: string): Promise<ProfileRow> {
  await tx.insert(borrowerProfiles).values({ borrowerId, market }).onConflictDoNothing();
  const [row] = await tx.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, borrowerId)).for('update');
  if (!row) throw new Error(`profile of borrower ${borrowerId} vanished under its lock`);
  return row;
}

export async function updateProfile(tx: Tx, borrowerId: number, changes: ProfileChanges): Promise<void> {
  await tx.update(borrowerProfiles).set(changes).where(eq(borrowerProfiles.borrowerId, borrowerId));
}

export function imagesOf(db: Queryable, borrowerId: number): Promise<ProfileImageRow[]> {
  return db.select().from(profileImages).where(eq(profileImages.borrowerId, borrowerId)).orderBy(asc(profileImages.kind));
}

/** Which of these stored file names are identity photos. */
export async function imageNamesAmong(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // A storage sweep may list many thousands of names: asked in batches, as bound parameters are limited.
  for (let start = 0; start < names.length; start += 1_000) {
    const rows = await db.select({ name: profileImages.name }).from(profileImages).where(inArray(profileImages.name, names.slice(start, start + 1_000)));
    for (const row of rows) found.add(row.name);
  }
  return found;
}

/** A profile row as of `at`, created with that time when missing (a profile certified elsewhere, the demo's). */
export async function insertProfileAt(tx: Tx, borrowerId: number, market: string, at: Date): Promise<void> {
  await tx.insert(borrowerProfiles).values({ borrowerId, market, createdAt: at, updatedAt: at }).onConflictDoNothing();
}

/** Saves the photo of `kind`, replacing the one before; returns the replaced file's name. */
export async function replaceImage(tx: Tx, image: Omit<ProfileImageRow, 'createdAt'> & { createdAt: Date }): Promise<string | undefined> {
  const [before] = await tx
    .select({ name: profileImages.name })
    .from(profileImages)
    .where(and(eq(profileImages.borrowerId, image.borrowerId), eq(profileImages.kind, image.kind)));
  await tx
    .insert(profileImages)
    .values(image)
    .onConflictDoUpdate({
      target: [profileImages.borrowerId, profileImages.kind],
      set: { name: image.name, contentType: image.contentType, byteSize: image.byteSize, createdAt: image.createdAt },
    });
  return before?.name;
}

export function liveConsentsOf(db: Queryable, borrowerId: number): Promise<ConsentRow[]> {
  return db
    .select()
    .from(profileConsents)
    .where(and(eq(profileConsents.borrowerId, borrowerId), isNull(profileConsents.withdrawnAt)))
    .orderBy(asc(profileConsents.id));
}

export function consentHistoryOf(db: Queryable, borrowerId: number): Promise<ConsentRow[]> {
  return db.select().from(profileConsents).where(eq(profileConsents.borrowerId, borrowerId)).orderBy(asc(profileConsents.id));
}

export async function insertConsent(tx: Tx, values: Omit<ConsentRow, 'id' | 'withdrawnAt'>): Promise<void> {
  await tx.insert(profileConsents).values(values);
}

/** Closes the live consent of `kind`; how many rows it closed (0 or 1). */
export async function closeConsent(tx: Tx, borrowerId: number, kind: string, at: Date): Promise<number> {
  const rows = await tx
    .update(profileConsents)
    .set({ withdrawnAt: at })
    .where(and(eq(profileConsents.borrowerId, borrowerId), eq(profileConsents.kind, kind), isNull(profileConsents.withdrawnAt)))
    .returning({ id: profileConsents.id });
  return rows.length;
}

export async function activeAccountOf(db: Queryable, borrowerId: number): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.borrowerId, borrowerId), isNull(payoutAccounts.replacedAt)));
  return row;
}

/** The account that was active at `at`: bound by then and not yet replaced. */
export async function accountActiveAt(db: Queryable, borrowerId: number, at: Date): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.borrowerId, borrowerId), lte(payoutAccounts.createdAt, at), or(isNull(payoutAccounts.replacedAt), gt(payoutAccounts.replacedAt, at))))
    .orderBy(desc(payoutAccounts.id))
    .limit(1);
  return row;
}

export function accountsOf(db: Queryable, borrowerId: number): Promise<PayoutAccountRow[]> {
  return db.select().from(payoutAccounts).where(eq(payoutAccounts.borrowerId, borrowerId)).orderBy(desc(payoutAccounts.id));
}

/** Ends the active account (if any) and makes `account` the active one. */
export async function replaceAccount(tx: Tx, account: Omit<PayoutAccountRow, 'id' | 'replacedAt'>): Promise<PayoutAccountRow> {
  await tx
    .update(payoutAccounts)
    .set({ replacedAt: account.createdAt })
    .where(and(eq(payoutAccounts.borrowerId, account.borrowerId), isNull(payoutAccounts.replacedAt)));
  const [row] = await tx.insert(payoutAccounts).values(account).returning();
  if (!row) throw new Error('payout account not inserted');
  return row;
}

export async function upsertDevice(db: Queryable, device: Omit<DeviceRow, 'firstSeenAt' | 'lastSeenAt'>, at: Date): Promise<void> {
  await db
    .insert(deviceRecords)
    .values({ ...device, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [deviceRecords.borrowerId, deviceRecords.deviceId],
      set: { os: device.os, osVersion: device.osVersion, deviceModel: device.deviceModel, appVersion: device.appVersion, lastSeenAt: at },
    });
}

export function devicesOf(db: Queryable, borrowerId: number): Promise<DeviceRow[]> {
  return db.select().from(deviceRecords).where(eq(deviceRecords.borrowerId, borrowerId)).orderBy(desc(deviceRecords.lastSeenAt));
}

/**
 * Account deletion (docs/decisions/095, 135): the profile, photos, payout accounts and devices
 * go; consents stay as the record of what was agreed and when, without where it was given from.
 * Returns the photos' file names, removed from storage after the commit.
 */
export async function eraseProfileRows(tx: Tx, borrowerId: number, now: Date): Promise<string[]> {
  const images = await tx.delete(profileImages).where(eq(profileImages.borrowerId, borrowerId)).returning({ name: profileImages.name });
  await tx.delete(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, borrowerId));
  await tx.delete(payoutAccounts).where(eq(payoutAccounts.borrowerId, borrowerId));
  await tx.delete(deviceRecords).where(eq(deviceRecords.borrowerId, borrowerId));
  await tx
    .update(profileConsents)
    .set({ ip: null, deviceId: null, withdrawnAt: sql`coalesce(${profileConsents.withdrawnAt}, ${now})` })
    .where(eq(profileConsents.borrowerId, borrowerId));
  return images.map((image) => image.name);
}
