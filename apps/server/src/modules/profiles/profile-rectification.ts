import { ErrorCode, type PhoneMarket } from '@lend/contracts';
import { dateInTimeZone, MARKET_SETTINGS } from '@lend/domain';
import type { Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerById, isErasedPhone } from '../sessions';
import { checkedAddress, checkedIdentity, type AddressInput, type IdentityInput } from './certification-service';
import { findProfile, lockProfile, updateProfile, type ProfileChanges, type ProfileRow } from './profile-repository';

/** A correction staff make after a rectification request: the national id may be left out, and is then kept. */
export type Rectification = { identity?: (Omit<IdentityInput, 'nationalId'> & { nationalId?: string | undefined }) | undefined; address?: AddressInput | undefined };

/** What staff read of the data a rectification may correct: the national id by its kind and last four only. */
export type RectifiableData = {
  market: PhoneMarket;
  identity: { givenNames: string; firstSurname: string; secondSurname: string; birthDate: string; nationalIdKind: 'curp' | 'pan' | null; nationalIdLast4: string | null } | null;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string } | null;
};

/** Field by field, what a rectification changed: the stored value before and after. */
export type RectifiedFields = { before: Record<string, unknown>; after: Record<string, unknown> };

const FIELDS = ['givenNames', 'firstSurname', 'secondSurname', 'birthDate', 'nationalIdKind', 'nationalId', 'aadhaarLast4', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode'] as const;

function asRectifiable(profile: ProfileRow | undefined, market: PhoneMarket): RectifiableData {
  const kind = profile?.nationalIdKind;
  return {
    market,
    identity:
      profile?.identitySavedAt != null
        ? {
            givenNames: profile.givenNames ?? '',
            firstSurname: profile.firstSurname ?? '',
            secondSurname: profile.secondSurname ?? '',
            birthDate: profile.birthDate ?? '',
            nationalIdKind: kind === 'curp' || kind === 'pan' ? kind : null,
            nationalIdLast4: profile.nationalId ? profile.nationalId.slice(-4) : null,
          }
        : null,
    address:
      profile?.addressSavedAt != null
        ? { line1: profile.addressLine1 ?? '', line2: profile.addressLine2 ?? '', city: profile.city ?? '', state: profile.state ?? '', postalCode: profile.postalCode ?? '' }
        : null,
  };
}

/** The borrower's market, refusing a borrower whose account was deleted: nothing of theirs is left to correct. */
async function liveMarketOf(db: Queryable, borrowerId: number): Promise<PhoneMarket> {
  const borrower = await borrowerById(db, borrowerId);
  if (!borrower || isErasedPhone(borrower.phone)) throw new AppError(ErrorCode.RectificationBorrowerErased);
  return borrower.market === 'IN' ? 'IN' : 'MX';
}

/** The identity and address as stored, for the rectification form. */
export async function rectifiableData(db: Queryable, borrowerId: number): Promise<RectifiableData> {
  const market = await liveMarketOf(db, borrowerId);
  return asRectifiable(await findProfile(db, borrowerId), market);
}

/**
 * Corrects the borrower's identity and/or address in the caller's transaction, with the profile
 * row locked (docs/decisions/185). Each part passes the same rules as the borrower's own calls
 * (names, age, CURP against name and birth date, PAN; address fields and postal code). Unlike the
 * app, a correction is taken after a loan was applied for: the right to rectify inaccurate data
 * does not end with an application. Returns what changed, field by field.
 */
export async function rectifyProfile(tx: Tx, borrowerId: number, input: Rectification, now: Date): Promise<RectifiedFields & { data: RectifiableData }> {
  const market = await liveMarketOf(tx, borrowerId);
  const profile = await lockProfile(tx, borrowerId, market);
  let changes: ProfileChanges = {};
  if (input.identity) {
    const given = input.identity.nationalId?.trim() ? input.identity.nationalId : undefined;
    if (given === undefined && !profile.nationalId) throw new AppError(ErrorCode.RectificationNationalIdNeeded);
    const identity: IdentityInput =
      given === undefined ? { ...input.identity, nationalId: profile.nationalId ?? '', aadhaarLast4: profile.aadhaarLast4 ?? undefined } : { ...input.identity, nationalId: given };
    changes = { ...checkedIdentity(identity, market, dateInTimeZone(now, MARKET_SETTINGS[market].timeZone)), identitySavedAt: profile.identitySavedAt ?? now };
  }
  if (input.address) changes = { ...changes, ...checkedAddress(input.address, market), addressSavedAt: profile.addressSavedAt ?? now };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (field in changes && (changes[field] ?? null) !== profile[field]) {
      before[field] = profile[field];
      after[field] = changes[field] ?? null;
    }
  }
  await updateProfile(tx, borrowerId, { ...changes, updatedAt: now });
  return { before, after, data: asRectifiable({ ...profile, ...changes }, market) };
}
