import { ERROR_MESSAGES, ErrorCode } from '@lend/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type TestApp } from './helper';
import { productByCode, pushOffer } from './loan-helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('order numbers', () => {
  it('draws a new number when the one drawn is already taken', async () => {
    const drawn = ['LN26010112345678', 'LN26010112345678', 'LN26010187654321'];
    let calls = 0;
    t = await createTestApp({ seed: true, newOrderNo: () => drawn[Math.min(calls++, drawn.length - 1)] ?? '' });
    const product = await productByCode(t.app, 'peso-plus-120');
    const first = await pushOffer(t.app, await openSession(t.app, '5599970001'), product.id);
    const second = await pushOffer(t.app, await openSession(t.app, '5599970002'), product.id);
    expect(first).toBe('LN26010112345678');
    expect(second).toBe('LN26010187654321');
    expect(calls).toBe(3);
  });

  it('gives up with the envelope after a few collisions rather than looping', async () => {
    t = await createTestApp({ seed: true, newOrderNo: () => 'LN26010100000001' });
    const product = await productByCode(t.app, 'peso-plus-120');
    await pushOffer(t.app, await openSession(t.app, '5599970003'), product.id);
    await expect(pushOffer(t.app, await openSession(t.app, '5599970004'), product.id)).rejects.toThrow(`push failed: ${ERROR_MESSAGES[ErrorCode.ServiceUnavailable].es}`);
  });
});
