import { describe, expect, it } from 'vitest';
import { AccountErrorCode } from './error-codes-account';
import { CardErrorCode } from './error-codes-cards';
import { CollectionsErrorCode } from './error-codes-collections';
import { CommonErrorCode } from './error-codes-common';
import { ComplaintErrorCode } from './error-codes-complaints';
import { ConfigErrorCode } from './error-codes-config';
import { ContactErrorCode } from './error-codes-contact';
import { LoanErrorCode } from './error-codes-loans';
import { OnboardingErrorCode } from './error-codes-onboarding';
import { PayoutErrorCode } from './error-codes-payouts';
import { PrivacyErrorCode } from './error-codes-privacy';
import { ProfileErrorCode } from './error-codes-profile';
import { StaffErrorCode } from './error-codes-staff';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, ErrorCode } from './error-codes';

const AREAS: Record<string, Record<string, number>> = {
  AccountErrorCode,
  CardErrorCode,
  CollectionsErrorCode,
  CommonErrorCode,
  ComplaintErrorCode,
  ConfigErrorCode,
  ContactErrorCode,
  LoanErrorCode,
  OnboardingErrorCode,
  PayoutErrorCode,
  PrivacyErrorCode,
  ProfileErrorCode,
  StaffErrorCode,
};

describe('the error codes of every area', () => {
  // `ErrorCode` spreads the areas' tables into one: a name or a number two areas share would
  // silently take the later area's value wherever the merged table is read.
  it('never share a name or a number between areas', () => {
    const names = new Map<string, string>();
    const numbers = new Map<number, string>();
    const clashes: string[] = [];
    for (const [area, codes] of Object.entries(AREAS)) {
      for (const [name, value] of Object.entries(codes)) {
        const byName = names.get(name);
        const byNumber = numbers.get(value);
        if (byName) clashes.push(`${name} in ${byName} and ${area}`);
        if (byNumber) clashes.push(`${value} in ${byNumber} and ${area}`);
        names.set(name, area);
        numbers.set(value, area);
      }
    }
    expect(clashes).toEqual([]);
    expect(Object.keys(ErrorCode)).toHaveLength(names.size);
  });

  it('give every code a status and a message in English and Spanish', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_HTTP_STATUS[code], String(code)).toBeGreaterThanOrEqual(200);
      expect(ERROR_MESSAGES[code].en.length > 0 || code === ErrorCode.Ok, String(code)).toBe(true);
      expect(typeof ERROR_MESSAGES[code].es, String(code)).toBe('string');
    }
  });
});
