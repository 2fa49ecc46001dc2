import { createHash } from 'node:crypto';
import { CONSENT_TEXT_VERSIONS, type ConsentKind, type DecisionFact, type PhoneMarket } from '@lend/contracts';
import { ageOn, checkCurp, checkPan, dateInTimeZone, MARKET_SETTINGS } from '@lend/domain';
import type { Queryable, Tx } from '../../db/client';
import { likeStart } from '../../db/like-patterns';
import type { FileStorage } from '../../providers/storage/storage';
import { certificationState, type CertificationState } from './certification-service';
import { consentStatuses, type ConsentStatus } from './consent-service';
import { fullName } from './payout-service';
import {
  accountActiveAt,
  accountsOf,
  activeAccountOf,
  consentHistoryOf,
  devicesOf,
  eraseProfileRows,
  findBorrowerIdsByNameStart,
  findProfile,
  findProfileNames,
  imageNamesAmong,
  nationalIdHeldByOthers,
  payoutAccountHeldByOthers,
  imagesOf,
  type PayoutAccountRow,
} from './profile-repository';

export type MenuSummary = {
  market: PhoneMarket;
  name: string;
  nationalId: { kind: 'curp' | 'pan'; value: string } | null;
  certificationComplete: boolean;
  payoutAccount: PayoutAccountRow | undefined;
  consents: ConsentStatus[];
};

/** What the user menu shows: values only; the presenter masks and words them. */
export async function menuSummary(db: Queryable, borrowerId: number): Promise<MenuSummary> {
  const profile = await findProfile(db, borrowerId);
  const state = await certificationState(db, borrowerId);
  const consents = await consentStatuses(db, borrowerId);
  const kind = profile?.nationalIdKind;
  return {
    market: state.market,
    name: profile ? fullName(profile) : '',
    nationalId: profile?.nationalId && (kind === 'curp' || kind === 'pan') ? { kind, value: profile.nationalId } : null,
    certificationComplete: state.complete,
    payoutAccount: await activeAccountOf(db, borrowerId),
    consents: consents.items,
  };
}

/** What a credit decision reads about the borrower (docs/decisions/138). */
export type ScorecardInputs = {
  /** Every certification step done, the required consents given in their current texts. */
  complete: boolean;
  certification: CertificationState;
  market: PhoneMarket;
  /** Whole years on the market's today; null before the identity step. */
  ageYears: number | null;
  /** `YYYY-MM-DD`; null before the identity step. */
  birthDate: string | null;
  monthlyIncomeMinor: number | null;
  declaredMonthlyDebtsMinor: number | null;
  identityChecks: { nationalIdValid: boolean; matchesNameAndBirthDate: boolean; adult: boolean; idPhotos: boolean; selfie: boolean };
  /** For duplicate detection across borrowers. */
  nationalId: { kind: 'curp' | 'pan'; value: string } | null;
  /** Another borrower's profile holds the same national id. */
  nationalIdHeldByOthers: boolean;
  /** Another borrower's active payout account is this borrower's active one (docs/decisions/228). */
  payoutAccountHeldByOthers: boolean;
  /** Whether the credit bureau may be asked about this borrower now. */
  creditBureauConsent: boolean;
};

/**
 * "Is this borrower's profile complete, and what a scorecard needs": age, monthly income, declared
 * debts, which identity checks passed and the national id. The checks are run again on what is
 * stored, so a rule tightened since the borrower saved their identity shows here.
 */
export async function scorecardInputs(db: Queryable, borrowerId: number, now: Date): Promise<ScorecardInputs> {
  const certification = await certificationState(db, borrowerId);
  const profile = await findProfile(db, borrowerId);
  const { market } = certification;
  const today = dateInTimeZone(now, MARKET_SETTINGS[market].timeZone);
  const ageYears = profile?.birthDate ? ageOn(profile.birthDate, today) : null;
  const id = profile?.nationalId ?? '';
  const person = { givenNames: profile?.givenNames ?? '', firstSurname: profile?.firstSurname ?? '', secondSurname: profile?.secondSurname ?? undefined, birthDate: profile?.birthDate ?? '' };
  const curp = profile?.nationalIdKind === 'curp' ? checkCurp(id, person) : undefined;
  const nationalIdValid = curp !== undefined ? curp !== 'format' && curp !== 'check-digit' : profile?.nationalIdKind === 'pan' && checkPan(id) === 'ok';
  const consents = await consentStatuses(db, borrowerId);
  const bureau = consents.items.find((item) => item.kind === 'credit-bureau')?.given;
  const kind = profile?.nationalIdKind;
  return {
    complete: certification.complete,
    certification,
    market,
    ageYears,
    birthDate: profile?.birthDate ?? null,
    monthlyIncomeMinor: profile?.monthlyIncomeMinor ?? null,
    declaredMonthlyDebtsMinor: profile?.monthlyDebtPaymentsMinor ?? null,
    identityChecks: {
      nationalIdValid,
      // PAN encodes neither; India's match is the bank holder's name, checked when the account is bound.
      matchesNameAndBirthDate: curp !== undefined ? curp === 'ok' : nationalIdValid,
      adult: ageYears !== null && ageYears >= 18,
      idPhotos: certification.steps['id-front'] && certification.steps['id-back'],
      selfie: certification.steps.selfie,
    },
    nationalId: id && (kind === 'curp' || kind === 'pan') ? { kind, value: id } : null,
    nationalIdHeldByOthers: id !== '' && kind ? await nationalIdHeldByOthers(db, borrowerId, kind, id) : false,
    payoutAccountHeldByOthers: await payoutAccountHeldByOthers(db, borrowerId),
    creditBureauConsent: bureau !== undefined && bureau.textVersion === CONSENT_TEXT_VERSIONS[market]['credit-bureau' satisfies ConsentKind],
  };
}

/** A digest of one fact: equal values give equal digests, and the value cannot be read back from it. */
const digest = (fact: DecisionFact, value: unknown) => createHash('sha256').update(JSON.stringify([fact, value])).digest('base64url').slice(0, 22);

/**
 * The borrower's facts a credit decision stands on, each as a digest (docs/decisions/215): the
 * identity as saved, the monthly income, the declared monthly debts and the active payout account.
 * A decision keeps these; when one differs now, the decision no longer stands on what is true.
 */
export async function decisionFacts(db: Queryable, borrowerId: number): Promise<Record<DecisionFact, string>> {
  const profile = await findProfile(db, borrowerId);
  const account = await activeAccountOf(db, borrowerId);
  return {
    identity: digest('identity', [profile?.givenNames, profile?.firstSurname, profile?.secondSurname, profile?.birthDate, profile?.nationalIdKind, profile?.nationalId, profile?.aadhaarLast4].map((part) => part ?? null)),
    income: digest('income', profile?.monthlyIncomeMinor ?? null),
    debts: digest('debts', profile?.monthlyDebtPaymentsMinor ?? null),
    payoutAccount: digest('payoutAccount', account ? [account.kind, account.bankCode, account.accountNumber] : null),
  };
}

/** Everything the profile module holds about the borrower, for their data download (docs/decisions/095). */
export async function profileDataOf(db: Queryable, borrowerId: number) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const profile = await findProfile(db, borrowerId);
  return {
    profile: profile
      ? { ...profile, identitySavedAt: iso(profile.identitySavedAt), addressSavedAt: iso(profile.addressSavedAt), employmentSavedAt: iso(profile.employmentSavedAt), createdAt: iso(profile.createdAt), updatedAt: iso(profile.updatedAt) }
      : null,
    idImages: (await imagesOf(db, borrowerId)).map((image) => ({ kind: image.kind, contentType: image.contentType, byteSize: image.byteSize, uploadedAt: iso(image.createdAt) })),
    consents: (await consentHistoryOf(db, borrowerId)).map((c) => ({ kind: c.kind, textVersion: c.textVersion, source: c.source, ip: c.ip, deviceId: c.deviceId, givenAt: iso(c.givenAt), withdrawnAt: iso(c.withdrawnAt) })),
    payoutAccounts: (await accountsOf(db, borrowerId)).map((a) => ({ kind: a.kind, accountNumber: a.accountNumber, bankCode: a.bankCode, bankName: a.bankName, holderName: a.holderName, createdAt: iso(a.createdAt), replacedAt: iso(a.replacedAt) })),
    devices: (await devicesOf(db, borrowerId)).map((d) => ({ deviceId: d.deviceId, os: d.os, osVersion: d.osVersion, deviceModel: d.deviceModel, appVersion: d.appVersion, firstSeenAt: iso(d.firstSeenAt), lastSeenAt: iso(d.lastSeenAt) })),
  };
}

/** Account deletion: erases the profile, photos' rows, payout accounts and devices; returns the photo files to remove after the commit. */
export function eraseProfileOf(tx: Tx, borrowerId: number, now: Date): Promise<string[]> {
  return eraseProfileRows(tx, borrowerId, now);
}

/** Removes the deleted borrower's photo files once their rows are gone for good. */
export async function removeProfileFiles(storage: FileStorage, names: readonly string[]): Promise<void> {
  for (const name of names) await storage.remove(name);
}

/** The identity photos among stored file names: the uploads clean-up must keep them (docs/decisions/135). */
export function profileFilesAmong(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  return imageNamesAmong(db, names);
}

/** The account a payout goes to, as the payouts module reads it. */
export type PayoutAccount = { id: number; kind: 'clabe' | 'bank-account'; accountNumber: string; bankCode: string; holderName: string };

/** The borrower's active payout account, or undefined when they have none (docs/decisions/136). */
export async function activePayoutAccount(db: Queryable, borrowerId: number): Promise<PayoutAccount | undefined> {
  const row = await activeAccountOf(db, borrowerId);
  if (!row) return undefined;
  return { id: row.id, kind: row.kind === 'clabe' ? 'clabe' : 'bank-account', accountNumber: row.accountNumber, bankCode: row.bankCode, holderName: row.holderName };
}

/** What a contract names of its borrower (docs/decisions/233): the account the loan is paid out to, and the address on file. */
export type ContractParticulars = {
  payoutAccount: { bankName: string; accountNumber: string } | null;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string } | null;
};

/**
 * The borrower's particulars for a contract: the payout account that was active when the loan was
 * paid out (`paidOutAt`), else the active one; the address the borrower saved.
 */
export async function contractParticulars(db: Queryable, borrowerId: number, paidOutAt: Date | null): Promise<ContractParticulars> {
  const account = (paidOutAt ? await accountActiveAt(db, borrowerId, paidOutAt) : undefined) ?? (await activeAccountOf(db, borrowerId));
  const profile = await findProfile(db, borrowerId);
  const { addressLine1: line1, addressLine2: line2, city, state, postalCode } = profile ?? {};
  return {
    payoutAccount: account ? { bankName: account.bankName, accountNumber: account.accountNumber } : null,
    address: profile?.addressSavedAt && line1 && city && state && postalCode ? { line1, line2: line2 ?? null, city, state, postalCode } : null,
  };
}

/** The name and the national id's kind and last four, as staff see them (the whole id never leaves this module for staff). */
function staffNameOf(profile: Parameters<typeof fullName>[0] & { nationalIdKind: string | null; nationalId: string | null }): StaffProfileName {
  const kind = profile.nationalIdKind;
  return { name: fullName(profile), nationalId: profile.nationalId && kind ? { kind, lastFour: profile.nationalId.slice(-4) } : null };
}

/**
 * What the back office shows of a borrower's profile: the name, the national id's kind and last
 * four characters only (the whole id never leaves this module for staff: docs/decisions/173), and
 * each consent in force.
 */
export async function staffProfileView(db: Queryable, borrowerId: number) {
  const profile = await findProfile(db, borrowerId);
  const consents = await consentStatuses(db, borrowerId);
  return {
    ...(profile ? staffNameOf(profile) : { name: '', nationalId: null }),
    consents: consents.items.map((item) => ({ kind: item.kind, textVersion: item.given?.textVersion ?? null, givenAt: item.given?.givenAt ?? null })),
  };
}

export type StaffProfileName = { name: string; nationalId: { kind: string; lastFour: string } | null };

/** Each of these borrowers' legal name and the last four of their national id, for a list of search hits: one query for all. */
export async function staffProfileNames(db: Queryable, borrowerIds: readonly number[]): Promise<Map<number, StaffProfileName>> {
  const rows = await findProfileNames(db, borrowerIds);
  return new Map(rows.map((profile) => [profile.borrowerId, staffNameOf(profile)]));
}

/** Borrowers whose legal name or first surname starts with `start`, in any case (docs/decisions/173). */
export function borrowerIdsByNameStart(db: Queryable, start: string, limit: number): Promise<number[]> {
  return findBorrowerIdsByNameStart(db, likeStart(start), limit);
}
