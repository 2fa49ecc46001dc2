import { ProfileErrorCode, type ProfileErrorCodeValue } from './error-codes-profile';
import type { PhoneMarket } from './phone';

/**
 * The profile's values without schemas, so the onboarding screens read them before they load zod
 * (docs/decisions/100, 241).
 */

/**
 * The borrower's profile calls of the native app (docs/decisions/135–138): identity, address,
 * employment and income, identity photos, consents (together "certification"), the payout
 * account, device data, and the user menu. Borrower calls under `MACHINE_BASE` with the common
 * query, a session and the envelope.
 */
export const ProfilePath = {
  certificationInfo: '/v3/certification/info',
  identity: '/v3/certification/identity',
  address: '/v3/certification/address',
  employment: '/v3/certification/employment',
  /** `POST <path>/<kind>` (multipart field `image`): `id-front`, `id-back` or `selfie`. */
  image: '/v3/certification/image',
  consents: '/v3/certification/consents',
  /** The consent texts of the borrower's market to read before accepting, in their language, with their versions. */
  consentTexts: '/v3/certification/consent-texts',
  payoutBind: '/v3/payout-account/bind',
  deviceInfo: '/v3/user/device-info',
  menu: '/v3/user/menu',
  consentWithdraw: '/v3/user/consent-withdraw',
} as const;

/** Calls some lending apps make that this product refuses without reading (docs/decisions/137). */
export const NotCollectedPath = {
  contacts: '/v3/user/upload-contacts',
  callLogs: '/v3/user/upload-call-logs',
  photos: '/v3/user/upload-photos',
  location: '/v3/user/upload-location',
} as const;

/** Monthly income accepted per market, in minor units: nothing at or below zero, nothing beyond belief. */
export const INCOME_LIMITS: Record<PhoneMarket, { minMinor: number; maxMinor: number }> = {
  // 1,000 to 1,000,000 pesos a month.
  MX: { minMinor: 100_000, maxMinor: 100_000_000 },
  // ₹1,000 to ₹10,00,000 a month.
  IN: { minMinor: 100_000, maxMinor: 100_000_000 },
};

export const ProfileLimits = {
  minAgeYears: 18,
  /** A birth date further back is a typing mistake. */
  maxAgeYears: 100,
  nameFieldMax: 60,
  addressFieldMax: 200,
  employerMax: 100,
  deviceFieldMax: 128,
} as const;

export const POSTAL_CODE: Record<PhoneMarket, RegExp> = { MX: /^\d{5}$/, IN: /^[1-9]\d{5}$/ };

export const EMPLOYMENT_KINDS = ['employed', 'self-employed', 'business-owner', 'student', 'retired', 'unemployed'] as const;
export type EmploymentKind = (typeof EMPLOYMENT_KINDS)[number];

export const ID_IMAGE_KINDS = ['id-front', 'id-back', 'selfie'] as const;
export type IdImageKind = (typeof ID_IMAGE_KINDS)[number];

export const CONSENT_KINDS = ['privacy-notice', 'credit-bureau', 'e-signature', 'sms', 'device-data'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Consents a profile needs before it is complete; SMS and device data are the borrower's choice. */
export const REQUIRED_CONSENTS: readonly ConsentKind[] = ['privacy-notice', 'credit-bureau', 'e-signature'];

/** The version of each consent text the app shows now, per market; an acceptance names the version read. */
export const CONSENT_TEXT_VERSIONS: Record<PhoneMarket, Record<ConsentKind, string>> = {
  MX: { 'privacy-notice': 'MX-2026-11', 'credit-bureau': 'MX-2026-11', 'e-signature': 'MX-2026-11', sms: 'MX-2026-11', 'device-data': 'MX-2026-11' },
  IN: { 'privacy-notice': 'IN-2026-11', 'credit-bureau': 'IN-2026-11', 'e-signature': 'IN-2026-11', sms: 'IN-2026-11', 'device-data': 'IN-2026-11' },
};

export const CERTIFICATION_STEPS = ['identity', 'address', 'employment', 'id-front', 'id-back', 'selfie', 'consents', 'payout-account'] as const;
export type CertificationStep = (typeof CERTIFICATION_STEPS)[number];

/** The onboarding form fields a refusal is shown next to. */
export type ProfileField =
  | 'givenNames'
  | 'firstSurname'
  | 'birthDate'
  | 'nationalId'
  | 'aadhaarLast4'
  | 'line1'
  | 'postalCode'
  | 'employment'
  | 'monthlyIncome'
  | 'monthlyDebts'
  | 'image'
  | 'consents'
  | 'holderName'
  | 'clabe'
  | 'ifsc'
  | 'accountNumber';

/**
 * The field each refusal of the profile calls is about, so a screen says it next to that field;
 * a code not listed (a step out of order, a locked identity or account) is the form's as a whole.
 */
export const PROFILE_REFUSAL_FIELD: Partial<Record<ProfileErrorCodeValue, ProfileField>> = {
  [ProfileErrorCode.ProfileNameInvalid]: 'givenNames',
  [ProfileErrorCode.ProfileBirthDateInvalid]: 'birthDate',
  [ProfileErrorCode.ProfileUnderAge]: 'birthDate',
  [ProfileErrorCode.ProfileCurpInvalid]: 'nationalId',
  [ProfileErrorCode.ProfileCurpCheckDigit]: 'nationalId',
  [ProfileErrorCode.ProfileCurpBirthDateMismatch]: 'nationalId',
  [ProfileErrorCode.ProfileCurpNameMismatch]: 'nationalId',
  [ProfileErrorCode.ProfilePanInvalid]: 'nationalId',
  [ProfileErrorCode.ProfilePanNotPerson]: 'nationalId',
  [ProfileErrorCode.ProfileAadhaarFullNumber]: 'aadhaarLast4',
  [ProfileErrorCode.ProfileAddressInvalid]: 'line1',
  [ProfileErrorCode.ProfilePostalCodeInvalid]: 'postalCode',
  [ProfileErrorCode.ProfileEmploymentInvalid]: 'employment',
  [ProfileErrorCode.ProfileIncomeInvalid]: 'monthlyIncome',
  [ProfileErrorCode.ProfileDebtsInvalid]: 'monthlyDebts',
  [ProfileErrorCode.ProfileImageNotImage]: 'image',
  [ProfileErrorCode.ProfileImageTooLarge]: 'image',
  [ProfileErrorCode.ProfileImageMissing]: 'image',
  [ProfileErrorCode.ProfileConsentUnknown]: 'consents',
  [ProfileErrorCode.ProfileConsentOutdated]: 'consents',
  [ProfileErrorCode.PayoutClabeInvalid]: 'clabe',
  [ProfileErrorCode.PayoutClabeCheckDigit]: 'clabe',
  [ProfileErrorCode.PayoutBankUnknown]: 'clabe',
  [ProfileErrorCode.PayoutIfscInvalid]: 'ifsc',
  [ProfileErrorCode.PayoutIfscUnknown]: 'ifsc',
  [ProfileErrorCode.PayoutAccountNumberInvalid]: 'accountNumber',
  [ProfileErrorCode.PayoutHolderMismatch]: 'holderName',
};

/** Which field a refusal code names, if any. */
export function profileRefusalField(code: number): ProfileField | undefined {
  return (PROFILE_REFUSAL_FIELD as Partial<Record<number, ProfileField>>)[code];
}

/** The most a photo may weigh when it is sent (the server refuses more: 8066). */
export const ID_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
