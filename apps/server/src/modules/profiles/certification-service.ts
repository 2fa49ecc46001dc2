import {
  CERTIFICATION_STEPS,
  CONSENT_KINDS,
  CONSENT_TEXT_VERSIONS,
  EMPLOYMENT_KINDS,
  ErrorCode,
  INCOME_LIMITS,
  POSTAL_CODE,
  ProfileLimits,
  REQUIRED_CONSENTS,
  type CertificationStep,
  type ConsentKind,
  type EmploymentKind,
  type ErrorCodeValue,
  type IdImageKind,
  type PhoneMarket,
} from '@lend/contracts';
import { birthDateVerdict, checkCurp, checkPan, dateInTimeZone, MARKET_SETTINGS, type CurpVerdict, type IsoDate } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { storeUploadedImage } from '../../providers/storage/image-encoding';
import type { FileStorage } from '../../providers/storage/storage';
import { hasPlacedOrder } from '../orders';
import type { PayoutAccountHooks } from './payout-service';
import { borrowerById } from '../sessions';
import {
  activeAccountOf,
  findProfile,
  imagesOf,
  liveConsentsOf,
  lockProfile,
  replaceImage,
  updateProfile,
  type ProfileChanges,
  type ProfileRow,
} from './profile-repository';

/**
 * What the credit module says about the borrower's facts (docs/decisions/215), handed in by the app
 * so profiles need not know credit: whether the borrower has applied for a loan (their identity is
 * then fixed), and what follows a change of a fact a decision stands on (the decision no longer
 * stands), run in the step's transaction.
 */
export type ProfileCreditHooks = {
  hasApplied: (tx: Tx, borrowerId: number) => Promise<boolean>;
  factsChanged: (tx: Tx, borrowerId: number, now: Date) => Promise<void>;
};

export type ProfileDeps = { db: Db; now: () => Date; storage: FileStorage; credit: ProfileCreditHooks; payouts?: PayoutAccountHooks | undefined };

type Refusal = Exclude<ErrorCodeValue, 0>;

function refuse(code: Refusal): never {
  throw new AppError(code);
}

/** The borrower's market: the one their phone was registered in. */
export async function marketOf(db: Queryable, borrowerId: number): Promise<PhoneMarket> {
  const borrower = await borrowerById(db, borrowerId);
  if (!borrower) throw new Error(`borrower ${borrowerId} has a session but no row`);
  return borrower.market === 'IN' ? 'IN' : 'MX';
}

/** Runs one step of the borrower's profile with their profile row locked, in one transaction. */
export async function withLockedProfile<T>(db: Db, borrowerId: number, step: (tx: Tx, profile: ProfileRow, market: PhoneMarket) => Promise<T>): Promise<T> {
  const market = await marketOf(db, borrowerId);
  return db.transaction(async (tx) => step(tx, await lockProfile(tx, borrowerId, market), market));
}

// ---- certification state ----

export type CertificationState = {
  market: PhoneMarket;
  steps: Record<CertificationStep, boolean>;
  missing: CertificationStep[];
  complete: boolean;
};

export async function certificationState(db: Queryable, borrowerId: number): Promise<CertificationState> {
  const market = await marketOf(db, borrowerId);
  const [profile, images, consents, account] = [
    await findProfile(db, borrowerId),
    await imagesOf(db, borrowerId),
    await liveConsentsOf(db, borrowerId),
    await activeAccountOf(db, borrowerId),
  ];
  const hasImage = (kind: IdImageKind) => images.some((image) => image.kind === kind);
  const given = new Set(consents.filter((consent) => consent.textVersion === CONSENT_TEXT_VERSIONS[market][consent.kind as ConsentKind]).map((c) => c.kind));
  const steps: Record<CertificationStep, boolean> = {
    identity: profile?.identitySavedAt != null,
    address: profile?.addressSavedAt != null,
    employment: profile?.employmentSavedAt != null,
    'id-front': hasImage('id-front'),
    'id-back': hasImage('id-back'),
    selfie: hasImage('selfie'),
    consents: REQUIRED_CONSENTS.every((kind) => given.has(kind)),
    'payout-account': account !== undefined,
  };
  const missing = CERTIFICATION_STEPS.filter((step) => !steps[step]);
  return { market, steps, missing, complete: missing.length === 0 };
}

export function consentVersions(market: PhoneMarket) {
  return CONSENT_KINDS.map((kind) => ({ kind, version: CONSENT_TEXT_VERSIONS[market][kind], required: REQUIRED_CONSENTS.includes(kind) }));
}

// ---- identity ----

export type IdentityInput = {
  givenNames: string;
  firstSurname?: string | undefined;
  secondSurname?: string | undefined;
  birthDate: string;
  nationalId: string;
  aadhaarLast4?: string | undefined;
};

const CURP_REFUSAL: Record<Exclude<CurpVerdict, 'ok'>, Refusal> = {
  format: ErrorCode.ProfileCurpInvalid,
  'check-digit': ErrorCode.ProfileCurpCheckDigit,
  'birth-date': ErrorCode.ProfileCurpBirthDateMismatch,
  name: ErrorCode.ProfileCurpNameMismatch,
};

/** A name part as stored: trimmed, single spaces; letters (any script's), spaces, apostrophes, dots and hyphens only. */
function namePart(value: string | undefined, required: boolean): string | null {
  const part = (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  if (part === '') return required ? refuse(ErrorCode.ProfileNameInvalid) : null;
  if ([...part].length > ProfileLimits.nameFieldMax || !/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(part)) refuse(ErrorCode.ProfileNameInvalid);
  return part;
}

/** The identity columns for `input`, or the refusal of its first wrong field (nothing is written until all pass). */
export function checkedIdentity(input: IdentityInput, market: PhoneMarket, today: IsoDate): ProfileChanges {
  const givenNames = namePart(input.givenNames, true);
  const firstSurname = namePart(input.firstSurname, market === 'MX');
  const secondSurname = namePart(input.secondSurname, false);
  const birthDate = input.birthDate.trim();
  const age = birthDateVerdict(birthDate, today, ProfileLimits.minAgeYears, ProfileLimits.maxAgeYears);
  if (age === 'invalid') refuse(ErrorCode.ProfileBirthDateInvalid);
  if (age === 'under-age') refuse(ErrorCode.ProfileUnderAge);
  const nationalId = input.nationalId.replace(/[\s-]/g, '').toUpperCase();
  if (market === 'MX') {
    const verdict = checkCurp(nationalId, { givenNames: givenNames ?? '', firstSurname: firstSurname ?? '', secondSurname: secondSurname ?? undefined, birthDate });
    if (verdict !== 'ok') refuse(CURP_REFUSAL[verdict]);
    return { givenNames, firstSurname, secondSurname, birthDate, nationalIdKind: 'curp', nationalId, aadhaarLast4: null };
  }
  const pan = checkPan(nationalId);
  if (pan === 'format') refuse(ErrorCode.ProfilePanInvalid);
  if (pan === 'not-a-person') refuse(ErrorCode.ProfilePanNotPerson);
  const aadhaar = (input.aadhaarLast4 ?? '').replace(/[\s-]/g, '');
  // Anything longer than four digits may be the whole number: refused, and never stored or logged.
  if (aadhaar !== '' && !/^\d{4}$/.test(aadhaar)) refuse(ErrorCode.ProfileAadhaarFullNumber);
  return { givenNames, firstSurname, secondSurname, birthDate, nationalIdKind: 'pan', nationalId, aadhaarLast4: aadhaar === '' ? null : aadhaar };
}

const IDENTITY_FIELDS = ['givenNames', 'firstSurname', 'secondSurname', 'birthDate', 'nationalId', 'aadhaarLast4'] as const;

/**
 * Saves who the borrower is. Once they have applied for a loan (or placed an order), what the
 * lender checked cannot be changed from the app (docs/decisions/135, 215): the same details again
 * are accepted, others refused with 8072.
 */
export async function saveIdentity(deps: ProfileDeps, borrowerId: number, input: IdentityInput): Promise<void> {
  const now = deps.now();
  await withLockedProfile(deps.db, borrowerId, async (tx, profile, market) => {
    const identity = checkedIdentity(input, market, dateInTimeZone(now, MARKET_SETTINGS[market].timeZone));
    const changed = IDENTITY_FIELDS.some((field) => (identity[field] ?? null) !== profile[field]);
    if (profile.identitySavedAt && changed && ((await deps.credit.hasApplied(tx, borrowerId)) || (await hasPlacedOrder(tx, borrowerId)))) refuse(ErrorCode.ProfileIdentityLocked);
    await updateProfile(tx, borrowerId, { ...identity, identitySavedAt: now, updatedAt: now });
    if (changed) await deps.credit.factsChanged(tx, borrowerId, now);
  });
}

// ---- address ----

export type AddressInput = { line1: string; line2?: string | undefined; city: string; state: string; postalCode: string };

function addressField(value: string | undefined, required: boolean): string | null {
  const field = (value ?? '').trim().replace(/\s+/g, ' ');
  if (field === '') return required ? refuse(ErrorCode.ProfileAddressInvalid) : null;
  if ([...field].length > ProfileLimits.addressFieldMax || /[\p{Cc}<>]/u.test(field)) refuse(ErrorCode.ProfileAddressInvalid);
  return field;
}

/** The address columns for `input`, or the refusal of its first wrong field. */
export function checkedAddress(input: AddressInput, market: PhoneMarket): ProfileChanges {
  const address = {
    addressLine1: addressField(input.line1, true),
    addressLine2: addressField(input.line2, false),
    city: addressField(input.city, true),
    state: addressField(input.state, true),
  };
  const postalCode = input.postalCode.trim();
  if (!POSTAL_CODE[market].test(postalCode)) refuse(ErrorCode.ProfilePostalCodeInvalid);
  return { ...address, postalCode };
}

export async function saveAddress(deps: ProfileDeps, borrowerId: number, input: AddressInput): Promise<void> {
  const now = deps.now();
  await withLockedProfile(deps.db, borrowerId, async (tx, _profile, market) => {
    await updateProfile(tx, borrowerId, { ...checkedAddress(input, market), addressSavedAt: now, updatedAt: now });
  });
}

// ---- employment and income ----

export type EmploymentInput = { employment: string; employerName?: string | undefined; monthlyIncomeMinor: number; monthlyDebtPaymentsMinor?: number | undefined };

function isEmploymentKind(value: string): value is EmploymentKind {
  return (EMPLOYMENT_KINDS as readonly string[]).includes(value);
}

export function checkedEmployment(input: EmploymentInput, market: PhoneMarket): ProfileChanges {
  const employment = input.employment.trim();
  if (!isEmploymentKind(employment)) refuse(ErrorCode.ProfileEmploymentInvalid);
  const employerName = (input.employerName ?? '').trim().replace(/\s+/g, ' ');
  if ([...employerName].length > ProfileLimits.employerMax || /[\p{Cc}<>]/u.test(employerName)) refuse(ErrorCode.ProfileEmploymentInvalid);
  if (employment === 'employed' && employerName === '') refuse(ErrorCode.ProfileEmploymentInvalid);
  const limits = INCOME_LIMITS[market];
  const income = input.monthlyIncomeMinor;
  if (!Number.isSafeInteger(income) || income < limits.minMinor || income > limits.maxMinor) refuse(ErrorCode.ProfileIncomeInvalid);
  const debts = input.monthlyDebtPaymentsMinor ?? 0;
  if (!Number.isSafeInteger(debts) || debts < 0 || debts > limits.maxMinor) refuse(ErrorCode.ProfileDebtsInvalid);
  return { employment, employerName: employerName === '' ? null : employerName, monthlyIncomeMinor: income, monthlyDebtPaymentsMinor: debts };
}

export async function saveEmployment(deps: ProfileDeps, borrowerId: number, input: EmploymentInput): Promise<void> {
  const now = deps.now();
  await withLockedProfile(deps.db, borrowerId, async (tx, profile, market) => {
    const employment = checkedEmployment(input, market);
    await updateProfile(tx, borrowerId, { ...employment, employmentSavedAt: now, updatedAt: now });
    // What the borrower earns and owes is what a credit decision read: a change ends it (docs/decisions/215).
    const changed = employment.monthlyIncomeMinor !== profile.monthlyIncomeMinor || employment.monthlyDebtPaymentsMinor !== profile.monthlyDebtPaymentsMinor;
    if (changed) await deps.credit.factsChanged(tx, borrowerId, now);
  });
}

// ---- identity photos ----

/**
 * Stores a photo of the identity document or the selfie through the same pipeline as complaint
 * images (sniffed, re-encoded without metadata). The file is written first; its row replaces the
 * earlier photo of that kind, whose file goes once the row is committed. A failed row removes the
 * new file, so nothing is left half-saved.
 */
export async function saveIdImage(deps: Pick<ProfileDeps, 'db' | 'now' | 'storage'>, borrowerId: number, kind: IdImageKind, bytes: Uint8Array): Promise<void> {
  const stored = await storeUploadedImage(deps.storage, bytes, ErrorCode.ProfileImageNotImage);
  let replaced: string | undefined;
  try {
    replaced = await withLockedProfile(deps.db, borrowerId, (tx) => replaceImage(tx, { borrowerId, kind, ...stored, createdAt: deps.now() }));
  } catch (error) {
    await deps.storage.remove(stored.name);
    throw error;
  }
  if (replaced !== undefined) await deps.storage.remove(replaced);
}
