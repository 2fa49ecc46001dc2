import { describe, expect, it } from 'vitest';
import { fillTemplate } from './template';

describe('fillTemplate', () => {
  it('fills each placeholder, and leaves one without a value as written', () => {
    expect(fillTemplate('Order {orderNo} of {name}', { orderNo: 'LN1' })).toBe('Order LN1 of {name}');
  });

  it('chooses the plural option of the value in the text’s language', () => {
    const en = '{days, plural, one {# day} other {# days}} and {periods, plural, one {# instalment} other {# instalments}}';
    expect(fillTemplate(en, { days: 1, periods: 4 }, 'en')).toBe('1 day and 4 instalments');
    expect(fillTemplate(en, { days: 3, periods: 1 }, 'en')).toBe('3 days and 1 instalment');
    const es = 'dentro de {days, plural, one {# día} other {# días}}';
    expect(fillTemplate(es, { days: 1 }, 'es')).toBe('dentro de 1 día');
    expect(fillTemplate(es, { days: 0 }, 'es')).toBe('dentro de 0 días');
    expect(fillTemplate(es, { days: '3' }, 'es')).toBe('dentro de 3 días');
  });

  it('leaves a plural without its value as written', () => {
    expect(fillTemplate('{days, plural, one {# day} other {# days}}', {})).toBe('{days, plural, one {# day} other {# days}}');
  });
});
