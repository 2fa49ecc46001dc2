import { describe, expect, it } from 'vitest';
import { en } from '../locales/en';
import { es } from '../locales/es';
import { createTranslator } from './i18n';
import { formattersFor } from './format';

describe('catalogues', () => {
  it('have the same keys and no empty text', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(en), ...Object.values(es)]) expect(text.trim()).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
    }
  });
});

describe('translate', () => {
  it('fills placeholders and always knows the brand', () => {
    const t = createTranslator('en');
    expect(t('service.callLabel', { value: '+52 55' })).toBe('Call +52 55');
    expect(t('aboutUs.welcome')).toBe(`Welcome to ${en['brand.name']}`);
    expect(createTranslator('es')('loginFailure.word')).toBe('Fracaso');
  });

  it('leaves an unknown placeholder visible rather than blank', () => {
    expect(createTranslator('en')('common.secondsLeft')).toBe('{seconds} s');
  });
});

describe('formats', () => {
  it('bind the market of the language', () => {
    expect(formattersFor('en').amount(12345000)).toBe('₹1,23,450.00');
    expect(formattersFor('es').amount(123456)).toBe('$1,234.56');
    expect(formattersFor('es').date(new Date('2026-01-05T03:04:05Z'))).toBe('2026-01-04');
  });
});
