import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './client';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('a lost database connection', () => {
  it('is told apart from a failing statement, through the errors that wrap it', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('terminating connection due to administrator command', '57P01')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('Cannot reach PostgreSQL'))).toBe(true);
  });

  it('is not a constraint, a syntax error or a statement timeout', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('duplicate key value violates unique constraint', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('canceling statement due to statement timeout', '57014'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
