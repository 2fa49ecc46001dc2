import { PROMOTION_BASE, PromotionPath } from '@lend/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { randomAddress } from './promotion-helpers';

/** A closed port: every Redis command fails at once, as in an outage. */
const REDIS_DOWN = 'redis://127.0.0.1:1';
const REDIS_UP = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

async function start(env: NodeJS.ProcessEnv): Promise<TestApp> {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

async function getSidCodes(t: TestApp, address: string, calls: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const response = await t.app.inject({ method: 'GET', url: `${PROMOTION_BASE}${PromotionPath.getSid}`, remoteAddress: address });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('limits while Redis is down', () => {
  it('still answer 429 on the 31st get-sid call of a minute', async () => {
    const t = await start({ REDIS_URL: REDIS_DOWN });
    const statuses = await getSidCodes(t, randomAddress(), 31);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(t.logs()).toContain('redis unavailable');
  });
  // What must never exceed its limit (SMS, sign-in) is refused instead: shared-state.test.ts.
});

describe('limits with Redis up', () => {
  it('count the requests of two server processes together', async () => {
    const [a, b] = [await start({ REDIS_URL: REDIS_UP }), await start({ REDIS_URL: REDIS_UP })];
    const address = randomAddress();
    expect(await getSidCodes(a, address, 15)).toEqual(Array<number>(15).fill(200));
    expect(await getSidCodes(b, address, 15)).toEqual(Array<number>(15).fill(200));
    expect(await getSidCodes(a, address, 1)).toEqual([429]);
    expect(await getSidCodes(b, address, 1)).toEqual([429]);
  });
});
