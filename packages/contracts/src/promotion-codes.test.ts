import { describe, expect, it } from 'vitest';
import { contrastRatio } from './colour-contrast';
import { isValidPhone, PHONE_RULES, PROMOTION_CODES, PROMOTION_MESSAGES, promotionMessage } from './promotion-codes';

describe('phone rules by market', () => {
  it('takes 10-digit Mexican numbers and 10-digit Indian mobiles starting 6 to 9, not the spec’s Chinese format', () => {
    expect(isValidPhone('5512345678', 'MX')).toBe(true);
    expect(isValidPhone('13812345678', 'MX')).toBe(false);
    expect(isValidPhone('551234567', 'MX')).toBe(false);
    expect(isValidPhone('9876543210', 'IN')).toBe(true);
    expect(isValidPhone('5512345678', 'IN')).toBe(false);
    expect(isValidPhone('98765 43210', 'IN')).toBe(false);
    expect(PHONE_RULES.MX.length).toBe(10);
  });
});

describe('promotion messages', () => {
  it('exist in both languages for every code and fill their placeholders', () => {
    for (const code of PROMOTION_CODES) {
      expect(PROMOTION_MESSAGES[code].en).not.toBe('');
      expect(PROMOTION_MESSAGES[code].es).not.toBe('');
    }
    expect(promotionMessage('105', 'es', { seconds: 42 })).toBe('Acabamos de enviar un código. Espere 42 s antes de pedir otro.');
    expect(promotionMessage('102', 'en', { phoneHint: PHONE_RULES.IN.hint.en })).toContain('starting with 6, 7, 8 or 9');
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG figures', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastRatio('#FFFFFF', '#1774FF')).toBeCloseTo(4.2, 1);
  });
});
