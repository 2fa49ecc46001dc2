import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { crashAt } from './crash-point';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://unused/db', OPERATOR_TOKEN: 'p'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) };

describe('CARD_CRASH_AT', () => {
  it('is unset unless asked for, and takes the three points of a card charge', () => {
    expect(loadConfig({}).cardCrashAt).toBeUndefined();
    expect(loadConfig({ CARD_CRASH_AT: 'after-charge' }).cardCrashAt).toBe('after-charge');
    expect(() => loadConfig({ CARD_CRASH_AT: 'later' })).toThrow(/^Configuration error: CARD_CRASH_AT .*\(got "later"\)$/);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ ...production, CARD_CRASH_AT: 'before-charge' })).toThrow(
      'Configuration error: CARD_CRASH_AT is not allowed when NODE_ENV=production',
    );
  });

  it('kills the process at its own point only', () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    try {
      crashAt(undefined)('before-charge');
      crashAt('after-apply')('before-charge');
      expect(kill).not.toHaveBeenCalled();
      crashAt('after-apply')('after-apply');
      expect(kill).toHaveBeenCalledWith(process.pid, 'SIGKILL');
    } finally {
      kill.mockRestore();
    }
  });
});
