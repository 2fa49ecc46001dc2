import { ACCOUNT_ERROR_HTTP_STATUS, ACCOUNT_ERROR_MESSAGES, AccountErrorCode } from './error-codes-account';
import { CARD_ERROR_HTTP_STATUS, CARD_ERROR_MESSAGES, CardErrorCode } from './error-codes-cards';
import { COMMON_ERROR_HTTP_STATUS, COMMON_ERROR_MESSAGES, CommonErrorCode } from './error-codes-common';
import { COMPLAINT_ERROR_HTTP_STATUS, COMPLAINT_ERROR_MESSAGES, ComplaintErrorCode } from './error-codes-complaints';
import { CONFIG_ERROR_HTTP_STATUS, CONFIG_ERROR_MESSAGES, ConfigErrorCode } from './error-codes-config';
import { CONTACT_ERROR_HTTP_STATUS, CONTACT_ERROR_MESSAGES, ContactErrorCode } from './error-codes-contact';
import { LOAN_ERROR_HTTP_STATUS, LOAN_ERROR_MESSAGES, LoanErrorCode } from './error-codes-loans';
import { ONBOARDING_ERROR_HTTP_STATUS, ONBOARDING_ERROR_MESSAGES, OnboardingErrorCode } from './error-codes-onboarding';
import { PAYOUT_ERROR_HTTP_STATUS, PAYOUT_ERROR_MESSAGES, PayoutErrorCode } from './error-codes-payouts';
import { PRIVACY_ERROR_HTTP_STATUS, PRIVACY_ERROR_MESSAGES, PrivacyErrorCode } from './error-codes-privacy';
import { PROFILE_ERROR_HTTP_STATUS, PROFILE_ERROR_MESSAGES, ProfileErrorCode } from './error-codes-profile';
import { COLLECTIONS_ERROR_HTTP_STATUS, COLLECTIONS_ERROR_MESSAGES, CollectionsErrorCode } from './error-codes-collections';
import { STAFF_ERROR_HTTP_STATUS, STAFF_ERROR_MESSAGES, StaffErrorCode } from './error-codes-staff';
import type { Language } from './language';

// One area's codes, for code that needs no other area's (the merged object pulls in all five).
export { AccountErrorCode, SIGN_IN_SMS_TEXT } from './error-codes-account';
export { CardErrorCode } from './error-codes-cards';
export { CommonErrorCode } from './error-codes-common';
export { ComplaintErrorCode } from './error-codes-complaints';
export { ConfigErrorCode } from './error-codes-config';
export {
  CONTACT_RESULT_PARAM,
  CONTACT_SENT,
  ContactErrorCode,
  contactErrorMessage,
  contactResultMessages,
  type ContactResult,
  type ContactErrorCodeValue,
} from './error-codes-contact';
export { LoanErrorCode } from './error-codes-loans';
export { OnboardingErrorCode } from './error-codes-onboarding';
export { PayoutErrorCode } from './error-codes-payouts';
export { PrivacyErrorCode } from './error-codes-privacy';
export { ProfileErrorCode } from './error-codes-profile';
export { StaffErrorCode } from './error-codes-staff';

/**
 * Stable error codes of the borrower envelope. 0 is success (docs/decisions/002); every other code
 * carries a message in the borrower's language, taken from `ERROR_MESSAGES`. Each area's codes,
 * statuses and messages live in `error-codes-<area>.ts`, so a screen that needs one area's
 * messages does not download all of them.
 */
export const ErrorCode = {
  ...CommonErrorCode,
  ...ContactErrorCode,
  ...ComplaintErrorCode,
  ...LoanErrorCode,
  ...CardErrorCode,
  ...PrivacyErrorCode,
  ...AccountErrorCode,
  ...OnboardingErrorCode,
  ...ProfileErrorCode,
  ...StaffErrorCode,
  ...ConfigErrorCode,
  ...PayoutErrorCode,
  ...CollectionsErrorCode,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status sent with each code; the envelope body is the same whatever the status. */
export const ERROR_HTTP_STATUS: Record<ErrorCodeValue, number> = {
  ...COMMON_ERROR_HTTP_STATUS,
  ...CONTACT_ERROR_HTTP_STATUS,
  ...COMPLAINT_ERROR_HTTP_STATUS,
  ...LOAN_ERROR_HTTP_STATUS,
  ...CARD_ERROR_HTTP_STATUS,
  ...PRIVACY_ERROR_HTTP_STATUS,
  ...ACCOUNT_ERROR_HTTP_STATUS,
  ...ONBOARDING_ERROR_HTTP_STATUS,
  ...PROFILE_ERROR_HTTP_STATUS,
  ...STAFF_ERROR_HTTP_STATUS,
  ...CONFIG_ERROR_HTTP_STATUS,
  ...PAYOUT_ERROR_HTTP_STATUS,
  ...COLLECTIONS_ERROR_HTTP_STATUS,
};

/** `{field}` is replaced by the offending field's name. */
export const ERROR_MESSAGES: Record<ErrorCodeValue, Record<Language, string>> = {
  ...COMMON_ERROR_MESSAGES,
  ...CONTACT_ERROR_MESSAGES,
  ...COMPLAINT_ERROR_MESSAGES,
  ...LOAN_ERROR_MESSAGES,
  ...CARD_ERROR_MESSAGES,
  ...PRIVACY_ERROR_MESSAGES,
  ...ACCOUNT_ERROR_MESSAGES,
  ...ONBOARDING_ERROR_MESSAGES,
  ...PROFILE_ERROR_MESSAGES,
  ...STAFF_ERROR_MESSAGES,
  ...CONFIG_ERROR_MESSAGES,
  ...PAYOUT_ERROR_MESSAGES,
  ...COLLECTIONS_ERROR_MESSAGES,
};

export function errorMessage(code: ErrorCodeValue, language: Language, field?: string): string {
  const template = ERROR_MESSAGES[code][language];
  return field === undefined ? template : template.replace('{field}', field);
}

export function isSessionError(code: number): boolean {
  return (
    code === ErrorCode.SessionRequired ||
    code === ErrorCode.SessionUnknown ||
    code === ErrorCode.SessionExpired ||
    code === ErrorCode.SessionUserMismatch
  );
}

export function isErrorCodeValue(value: unknown): value is ErrorCodeValue {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(ERROR_HTTP_STATUS, value);
}

export { ruleError } from './rule-error';
