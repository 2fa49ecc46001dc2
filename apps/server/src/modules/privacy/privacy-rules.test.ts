import { ErrorCode, IN_PRIVACY_REQUEST_KINDS, MX_PRIVACY_REQUEST_KINDS } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { assertKindOfMarket, privacyAnswerDue } from './privacy-rules';

describe('the day a rights request is answered by', () => {
  it('is 20 calendar days after the Mexico City date of receipt in Mexico', () => {
    // 21:00 in Mexico City on 24 November is already 25 November in UTC.
    expect(privacyAnswerDue(new Date('2026-11-25T03:00:00Z'), 'MX')).toBe('2026-12-14');
    expect(privacyAnswerDue(new Date('2026-11-25T07:00:00Z'), 'MX')).toBe('2026-12-15');
    // Calendar days: a due date on a weekend stays there.
    expect(privacyAnswerDue(new Date('2026-12-06T18:00:00Z'), 'MX')).toBe('2026-12-26');
  });

  it('is 30 calendar days after the India date of receipt in India', () => {
    // 20:00 UTC on 24 November is already 25 November in India (UTC+5:30).
    expect(privacyAnswerDue(new Date('2026-11-24T20:00:00Z'), 'IN')).toBe('2026-12-25');
    expect(privacyAnswerDue(new Date('2026-11-24T18:00:00Z'), 'IN')).toBe('2026-12-24');
    // Across a year's end and a short month.
    expect(privacyAnswerDue(new Date('2027-01-31T06:00:00Z'), 'IN')).toBe('2027-03-02');
  });
});

describe('the kinds of request a market gives', () => {
  it("accepts each market's own kinds and refuses the other's with that market's code", () => {
    for (const kind of MX_PRIVACY_REQUEST_KINDS) {
      expect(() => assertKindOfMarket(kind, 'MX')).not.toThrow();
      expect(() => assertKindOfMarket(kind, 'IN')).toThrow(expect.objectContaining({ code: ErrorCode.PrivacyKindNotOfIndia }));
    }
    for (const kind of IN_PRIVACY_REQUEST_KINDS) {
      expect(() => assertKindOfMarket(kind, 'IN')).not.toThrow();
      expect(() => assertKindOfMarket(kind, 'MX')).toThrow(expect.objectContaining({ code: ErrorCode.PrivacyKindNotOfMexico }));
    }
  });
});
