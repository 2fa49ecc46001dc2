import { describe, expect, it } from 'vitest';
import { mailtoHref, telephoneHref, whatsAppUrl } from './contact-links';

describe('contact links', () => {
  it('builds wa.me links from digits only', () => {
    expect(whatsAppUrl('+52 55 1234-5678')).toBe('https://wa.me/525512345678');
  });
  it('keeps the plus sign in telephone links', () => {
    expect(telephoneHref('+52 (55) 1234 5678')).toBe('tel:+525512345678');
  });
  it('trims e-mail addresses', () => {
    expect(mailtoHref(' help@example.com ')).toBe('mailto:help@example.com');
  });
});
