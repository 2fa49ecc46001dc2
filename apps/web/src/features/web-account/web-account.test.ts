import { AppRoute, signInNext } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { browserDeviceId } from './browser-device';
import { nextAddress } from './SignInScreen';

describe('where a web sign-in goes next (docs/decisions/239)', () => {
  it('goes back to a page of this site, and to the borrower loans otherwise', () => {
    expect(signInNext('/loanDetails?orderId=LN1&language=2')).toBe('/loanDetails?orderId=LN1&language=2');
    expect(signInNext(undefined)).toBe(AppRoute.webHome);
    // Another site's address, however it is written, is never followed.
    for (const elsewhere of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(signInNext(elsewhere)).toBe(AppRoute.webHome);
    }
  });

  it('keeps the language the borrower signed in with, unless the page names its own', () => {
    expect(nextAddress('', 'en')).toBe(`${AppRoute.webHome}?language=1`);
    expect(nextAddress(`?next=${encodeURIComponent('/loanDetails?orderId=LN1')}`, 'es')).toBe('/loanDetails?orderId=LN1&language=2');
    expect(nextAddress(`?next=${encodeURIComponent('/loanDetails?orderId=LN1&language=1')}`, 'es')).toBe('/loanDetails?orderId=LN1&language=1');
  });
});

describe("the browser's device id", () => {
  it('is made once and kept, and a stored value that is not one of ours is replaced', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
    const first = browserDeviceId(storage);
    expect(first).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(browserDeviceId(storage)).toBe(first);
    kept.set('lend.deviceId', 'x'.repeat(500));
    expect(browserDeviceId(storage)).toMatch(/^web-[0-9a-f-]{36}$/);
  });

  it('still gives an id when storage refuses to keep it', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(browserDeviceId(refusing)).toMatch(/^web-/);
  });
});
