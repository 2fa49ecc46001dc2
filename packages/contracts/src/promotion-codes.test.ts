import { describe, expect, it } from 'vitest';
import { contrastRatio } from './colour-contrast';
import { isValidPhone, normalisePhone, PHONE_RULES, PROMOTION_CODES, PROMOTION_MESSAGES, promotionMessage } from './promotion-codes';

describe('phone rules by market', () => {
  it('takes 10-digit Mexican numbers and 10-digit Indian mobiles starting 6 to 9, not the original page’s Chinese format', () => {
    expect(isValidPhone('5512345678', 'MX')).toBe(true);
    expect(isValidPhone('13812345678', 'MX')).toBe(false);
    expect(isValidPhone('551234567', 'MX')).toBe(false);
    expect(isValidPhone('9876543210', 'IN')).toBe(true);
    expect(isValidPhone('5512345678', 'IN')).toBe(false);
    expect(isValidPhone('98765 43210', 'IN')).toBe(false);
    expect(PHONE_RULES.MX.length).toBe(10);
  });
});

describe('normalisePhone', () => {
  it('turns every way of writing one number into the ten digits we store', () => {
    for (const written of ['5512345678', '55 1234 5678', '55-1234-5678', '(55) 1234 5678', '+52 55 1234 5678', '+525512345678', '52 55 1234 5678']) {
      expect(normalisePhone(written)).toBe('5512345678');
    }
    for (const written of ['9876543210', '+91 98765 43210', '91 98765-43210', '098765 43210']) {
      expect(normalisePhone(written)).toBe('9876543210');
    }
  });

  it('keeps a prefix when the rest is not ten digits, so the number is refused rather than guessed', () => {
    expect(normalisePhone('5212345678')).toBe('5212345678');
    expect(normalisePhone('+52 551234567')).toBe('+52551234567');
    expect(normalisePhone('+1 555 123 4567')).toBe('+15551234567');
    expect(isValidPhone(normalisePhone('+52 551234567'), 'MX')).toBe(false);
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
