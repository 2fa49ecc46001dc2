import type { IdImageKind, OperatorProfile } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { accountsOf, findProfile, imagesOf } from './profile-repository';

const last4 = (value: string | null) => (value ? value.slice(-4) : null);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * An applicant's profile as a credit officer reads it (docs/decisions/174): enough to judge a
 * referral, never the whole national id or account number. Undefined when there is no profile.
 */
export async function operatorProfileOf(db: Queryable, borrowerId: number): Promise<OperatorProfile | undefined> {
  const profile = await findProfile(db, borrowerId);
  if (!profile) return undefined;
  const account = (await accountsOf(db, borrowerId)).find((candidate) => candidate.replacedAt === null);
  const name = [profile.givenNames, profile.firstSurname, profile.secondSurname].filter(Boolean).join(' ');
  return {
    borrowerId,
    market: profile.market,
    name: name || null,
    birthDate: profile.birthDate,
    nationalIdKind: profile.nationalIdKind,
    nationalIdLast4: last4(profile.nationalId),
    address: profile.city && profile.state && profile.postalCode ? { city: profile.city, state: profile.state, postalCode: profile.postalCode } : null,
    employment: profile.employment,
    employerName: profile.employerName,
    monthlyIncomeMinor: profile.monthlyIncomeMinor,
    monthlyDebtPaymentsMinor: profile.monthlyDebtPaymentsMinor,
    images: (await imagesOf(db, borrowerId)).map((image) => ({ kind: image.kind as IdImageKind, uploadedAt: iso(image.createdAt) ?? '' })),
    payoutAccount: account ? { kind: account.kind, bankName: account.bankName, holderName: account.holderName, accountLast4: account.accountNumber.slice(-4) } : null,
  };
}

/** The stored photo of one kind of an applicant, if there is one. */
export async function profileImageOf(db: Queryable, borrowerId: number, kind: IdImageKind): Promise<{ name: string; contentType: string } | undefined> {
  const image = (await imagesOf(db, borrowerId)).find((candidate) => candidate.kind === kind);
  return image ? { name: image.name, contentType: image.contentType } : undefined;
}
