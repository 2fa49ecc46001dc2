import { describe, expect, it } from 'vitest';
import { rememberCheckoutSession, restoredCheckoutHash } from './checkout-return';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    size: () => values.size,
  };
}

describe('the session across the provider checkout', () => {
  it('puts the remembered session back for the repayment that returns, once', () => {
    const storage = memoryStorage();
    rememberCheckoutSession('r1', 'sess-1', storage);
    const hash = '#/borrowDetail/?userId=7&language=1&orderId=L1&repayRecordId=r1';
    const restored = restoredCheckoutHash(hash, storage);
    expect(restored).not.toBeNull();
    expect(restored?.startsWith('#/borrowDetail/?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(restored?.split('?')[1]))).toEqual({
      userId: '7',
      language: '1',
      orderId: 'L1',
      repayRecordId: 'r1',
      sessionId: 'sess-1',
    });
    expect(storage.size()).toBe(0);
    expect(restoredCheckoutHash(hash, storage)).toBeNull();
  });

  it('restores nothing for another repayment, an address with its own session, or without storage', () => {
    const storage = memoryStorage();
    rememberCheckoutSession('r1', 'sess-1', storage);
    expect(restoredCheckoutHash('#/borrowDetail/?repayRecordId=r2', storage)).toBeNull();
    expect(restoredCheckoutHash('#/borrowDetail/?repayRecordId=r1&sessionId=other', storage)).toBeNull();
    expect(restoredCheckoutHash('#/borrowDetail/?repayRecordId=r1', null)).toBeNull();
    rememberCheckoutSession('r3', undefined, storage);
    expect(restoredCheckoutHash('#/borrowDetail/?repayRecordId=r3', storage)).toBeNull();
  });
});
