import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@lend/contracts';
import { contactReasonText, promiseRefusalField, promiseWindow } from './collection-rules';

describe('the collection rules as the back office says them', () => {
  it('says a conduct refusal in the reader\'s language with the market\'s rule filled in', () => {
    expect(contactReasonText(String(ErrorCode.CollectionOutsideHours), 'MX', 'es')).toBe('Ahora no: solo se puede contactar al acreditado entre 7:00–22:00 en su zona horaria.');
    expect(contactReasonText(String(ErrorCode.CollectionOutsideHours), 'IN', 'en')).toContain('8:00–19:00');
    expect(contactReasonText(String(ErrorCode.CollectionDailyCap), 'IN', 'en')).toContain('3 times today');
    expect(contactReasonText(String(ErrorCode.CollectionWeeklyCap), 'MX', 'en')).toContain('10 times in the last seven days');
  });

  it('shows a reason that is not a known code as it came', () => {
    expect(contactReasonText('something else', 'MX', 'en')).toBe('something else');
  });

  it('opens the promise window on the market\'s today, which may differ from UTC\'s', () => {
    // 03:00 UTC on the 2nd is still the 1st in Mexico City and already the 2nd in India.
    const now = new Date('2026-12-02T03:00:00Z');
    expect(promiseWindow('MX', now)).toEqual({ from: '2026-12-01', to: '2026-12-08' });
    expect(promiseWindow('IN', now)).toEqual({ from: '2026-12-02', to: '2026-12-09' });
  });

  it('puts a promise refusal next to its field', () => {
    expect(promiseRefusalField(ErrorCode.PromiseDateOutOfRange)).toBe('date');
    expect(promiseRefusalField(ErrorCode.PromiseAmountOutOfRange)).toBe('amount');
    expect(promiseRefusalField(null)).toBe('form');
  });
});
