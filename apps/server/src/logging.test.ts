import { describe, expect, it } from 'vitest';
import { errorSerializer, redactUrl } from './logging';

describe('redactUrl', () => {
  it('keeps only the values of known-harmless keys', () => {
    expect(redactUrl('/machine/x?userId=7&sessionId=abc123&language=2')).toBe('/machine/x?userId=7&sessionId=[REDACTED]&language=2');
    expect(redactUrl('/p?SESSIONID=a&verifyCode=123456')).toBe('/p?SESSIONID=[REDACTED]&verifyCode=[REDACTED]');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/p?%73essionId=abc')).toBe('/p?%73essionId=[REDACTED]');
  });

  it('hides phones, devices and anything not on the list', () => {
    expect(redactUrl('/machine/x?mobilePhone=5512345678&deviceId=dev-1&orderId=12&productId=3')).toBe(
      '/machine/x?mobilePhone=[REDACTED]&deviceId=[REDACTED]&orderId=12&productId=3',
    );
    expect(redactUrl('/track-click?page_id=4&utm_tag=spring&phone=5512345678&somethingNew=x')).toBe(
      '/track-click?page_id=4&utm_tag=spring&phone=[REDACTED]&somethingNew=[REDACTED]',
    );
  });

  it('hides keys that are not plain names, and long digit runs in the path', () => {
    expect(redactUrl('/p?5512345678&language=en&%35%35=1')).toBe('/p?[REDACTED]&language=en&[REDACTED]');
    expect(redactUrl('/machine/5512345678/x?language=en')).toBe('/machine/[REDACTED]/x?language=en');
  });

  it('hides long digit runs in the values it keeps, except in our own order ids', () => {
    expect(redactUrl('/track-click?page_id=4&utm_tag=card4242424242424242&user_from=5512345678')).toBe(
      '/track-click?page_id=4&utm_tag=card[REDACTED]&user_from=[REDACTED]',
    );
    expect(redactUrl('/machine/x?orderId=LN26112338794376&orderNo=LN26112338794377&limit=123456789')).toBe(
      '/machine/x?orderId=LN26112338794376&orderNo=LN26112338794377&limit=123456789',
    );
  });
});

/** The error drizzle throws: its message repeats the query and its parameters. */
function failedQuery(params: unknown[]) {
  const driver = Object.assign(new Error('duplicate key value violates unique constraint "borrowers_phone_unique"'), {
    severity: 'ERROR',
    code: '23505',
    detail: `Key (phone)=(${String(params[0])}) already exists.`,
    table: 'borrowers',
    constraint: 'borrowers_phone_unique',
  });
  const query = 'insert into "borrowers" ("phone", "name") values ($1, $2)';
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause: driver }), { query, params });
}

describe('errorSerializer', () => {
  it('logs a failed query by its code, table and SQL, without its values', () => {
    const logged = errorSerializer(failedQuery(['5512345678', '493817']));
    const text = JSON.stringify(logged);
    expect(text).not.toContain('5512345678');
    expect(text).not.toContain('493817');
    expect(text).not.toContain('params');
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      table: 'borrowers',
      constraint: 'borrowers_phone_unique',
      query: 'insert into "borrowers" ("phone", "name") values ($1, $2)',
    });
  });

  it('finds a database error wrapped by another error', () => {
    const wrapped = new Error('order clock failed', { cause: failedQuery(['5512345678']) });
    expect(JSON.stringify(errorSerializer(wrapped))).not.toContain('5512345678');
  });

  it('keeps the message, stack and code of other errors', () => {
    const error = Object.assign(new TypeError('x is undefined'), { code: 'E_X' });
    expect(errorSerializer(error)).toMatchObject({ type: 'TypeError', message: 'x is undefined', code: 'E_X' });
  });
});
