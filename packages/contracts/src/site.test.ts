import { describe, expect, it } from 'vitest';
import { companyFactsView } from './company-facts';
import { ERROR_MESSAGES, ErrorCode } from './error-codes';
import { Limits } from './limits';
import { contactFormRefusal } from './site';

const complete = { fullName: 'Ana', email: 'ana@example.com', phone: '(55) 1234-5678', message: 'Hola' };

describe('contactFormRefusal', () => {
  it('accepts a complete form, with the phone written the way people write it', () => {
    expect(contactFormRefusal(complete)).toBeNull();
    expect(contactFormRefusal({ ...complete, phone: '+91 98765 43210' })).toBeNull();
  });

  it('reports an empty field before any other fault', () => {
    expect(contactFormRefusal({ ...complete, email: 'bad', message: ' ' })).toEqual({ code: ErrorCode.ContactIncomplete, field: 'message' });
  });

  it('names the first bad field', () => {
    expect(contactFormRefusal({ ...complete, email: 'ana@' })?.code).toBe(ErrorCode.ContactEmailInvalid);
    expect(contactFormRefusal({ ...complete, phone: '+52 55 1234 5678 9012' })?.code).toBe(ErrorCode.ContactPhoneInvalid);
    expect(contactFormRefusal({ ...complete, fullName: 'é'.repeat(Limits.contactNameMax + 1) })?.code).toBe(ErrorCode.ContactNameTooLong);
    expect(contactFormRefusal({ ...complete, message: '😀'.repeat(Limits.contactMessageMax) })).toBeNull();
  });

  it('states the same limits in its messages as it enforces', () => {
    for (const language of ['en', 'es'] as const) {
      expect(ERROR_MESSAGES[ErrorCode.ContactNameTooLong][language]).toContain(String(Limits.contactNameMax));
      expect(ERROR_MESSAGES[ErrorCode.ContactMessageTooLong][language]).toContain(String(Limits.contactMessageMax));
      expect(ERROR_MESSAGES[ErrorCode.ContactPhoneInvalid][language]).toContain(`${Limits.contactPhoneDigitsMin}`);
    }
  });
});

describe('companyFactsView', () => {
  it('dials only the digits and the plus sign', () => {
    const view = companyFactsView({ name: 'n', email: 'a@b.example', address: 'a', cin: 'c', nbfcNumber: 'x', site: 's', phone: '+52 (55) 0000-0000', complaintsOfficer: 'o', complaintsEmail: 'o@b.example', complaintsPhone: '+52 55 0000 0001', complaintsAddress: 'a' });
    expect(view.phoneHref).toBe('tel:+525500000000');
    expect(view.emailHref).toBe('mailto:a@b.example');
  });
});
