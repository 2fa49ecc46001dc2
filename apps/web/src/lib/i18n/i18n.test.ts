import { describe, expect, it } from 'vitest';
import { commonEn } from '../../locales/en/common';
import { borrowerEn } from '../../locales/areas/borrower.en';
import { borrowerEs } from '../../locales/areas/borrower.es';
import { backofficeEn } from '../../locales/areas/backoffice.en';
import { backofficeEs } from '../../locales/areas/backoffice.es';
import { hashEn } from '../../locales/areas/hash.en';
import { hashEs } from '../../locales/areas/hash.es';
import { siteEn } from '../../locales/areas/site.en';
import { siteEs } from '../../locales/areas/site.es';
import { catalogueSource, createTranslator } from './index';
import { formattersFor } from '../format';

const AREAS: readonly { area: string; en: Readonly<Record<string, string>>; es: Readonly<Record<string, string>> }[] = [
  { area: 'borrower', en: borrowerEn, es: borrowerEs },
  { area: 'hash', en: hashEn, es: hashEs },
  { area: 'site', en: siteEn, es: siteEs },
  { area: 'backoffice', en: backofficeEn, es: backofficeEs },
];

describe.each(AREAS)('the $area catalogues', ({ en, es }) => {
  it('have the same keys and no empty text', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(en), ...Object.values(es)]) expect(text.trim()).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string | undefined) => (text?.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(en)) expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
  });

  it('carry the texts every area shares (brand, common, errors, not found)', () => {
    for (const key of Object.keys(commonEn)) expect(en[key], key).toBe(commonEn[key as keyof typeof commonEn]);
  });
});

describe('translate', () => {
  it('fills placeholders and always knows the brand', () => {
    const t = createTranslator(borrowerEn);
    expect(t('service.callLabel', { value: '+52 55' })).toBe('Call +52 55');
    expect(t('aboutUs.welcome')).toBe(`Welcome to ${borrowerEn['brand.name']}`);
    expect(createTranslator(borrowerEs)('loginFailure.word')).toBe('Fracaso');
  });

  it('leaves an unknown placeholder visible rather than blank', () => {
    expect(createTranslator(hashEn)('common.secondsLeft')).toBe('{seconds} s');
  });
});

describe('catalogue source', () => {
  it('downloads each language once, and only when asked', async () => {
    const asked: string[] = [];
    const source = catalogueSource(async (language) => {
      asked.push(language);
      return language === 'en' ? hashEn : hashEs;
    });
    expect(source.loaded('es')).toBeUndefined();
    await Promise.all([source.load('es'), source.load('es')]);
    expect(source.loaded('es')).toBe(hashEs);
    expect(asked).toEqual(['es']);
  });

  it('asks again after a failed download', async () => {
    let fail = true;
    const source = catalogueSource(async () => {
      if (fail) throw new Error('offline');
      return siteEn;
    });
    await expect(source.load('en')).rejects.toThrow('offline');
    fail = false;
    await expect(source.load('en')).resolves.toBe(siteEn);
  });
});

describe('formats', () => {
  it('bind the market of the language', () => {
    expect(formattersFor('en').amount(12345000)).toBe('₹1,23,450.00');
    expect(formattersFor('es').amount(123456)).toBe('$1,234.56');
    expect(formattersFor('es').date(new Date('2026-01-05T03:04:05Z'))).toBe('2026-01-04');
  });
});
