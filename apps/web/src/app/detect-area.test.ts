import { describe, expect, it } from 'vitest';
import { detectArea } from './detect-area';

const at = (pathname: string, hash = '') => detectArea({ pathname, hash });

describe('detectArea', () => {
  it('sends hash links to the hash area', () => {
    expect(at('/', '#/borrowDetail/?orderId=1')).toBe('hash');
    expect(at('/', '#/addnormalcard')).toBe('hash');
  });
  it('sends the site pages to the site, with or without a trailing slash', () => {
    expect(at('/')).toBe('site');
    expect(at('/About')).toBe('site');
    expect(at('/Loan/')).toBe('site');
  });
  it('sends the privacy notice, at both of its addresses, to the site', () => {
    expect(at('/PrivacyPolicy')).toBe('site');
    expect(at('/privacyNotice')).toBe('site');
  });
  it('sends everything else to the borrower app', () => {
    expect(at('/Dag')).toBe('borrower');
    expect(at('/testPreview')).toBe('borrower');
    expect(at('/no-such-page')).toBe('borrower');
    expect(at('/', '#section')).toBe('site');
  });
});
