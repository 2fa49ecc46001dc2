import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@lend/contracts';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../src/plugins/error-handler';
import { createCounterStore } from '../src/counters/create-counter-store';
import { rateLimits } from '../src/plugins/rate-limits';
import { requestLanguage } from '../src/plugins/request-language';

async function appWithLimitedRoute(redisUrl: string | undefined) {
  const app = Fastify();
  await app.register(requestLanguage);
  await app.register(errorHandler);
  const counters = await createCounterStore({ redisUrl, log: app.log });
  app.addHook('onClose', () => counters.close());
  await app.register(rateLimits, { counters });
  // A unique key per run so runs sharing one Redis do not count each other's requests.
  const bucket = randomBytes(6).toString('hex');
  app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000, keyGenerator: () => bucket } } }, async () => ({ ok: true }));
  app.get('/free', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe.each([
  { store: 'in-process', redisUrl: undefined },
  { store: 'redis', redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
])('rate limits ($store)', ({ redisUrl }) => {
  let close: () => Promise<void> = async () => {};
  afterEach(async () => close());

  it('answers over-limit requests with the envelope, in the borrower language, and leaves other routes alone', async () => {
    const app = await appWithLimitedRoute(redisUrl);
    close = () => app.close();
    expect((await app.inject('/limited')).statusCode).toBe(200);
    expect((await app.inject('/limited')).statusCode).toBe(200);
    const third = await app.inject('/limited?language=1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: ErrorCode.TooManyRequests, message: 'Too many requests. Please try again later.', data: null });
    expect((await app.inject('/free')).statusCode).toBe(200);
  });
});

describe('rate limits with Redis down', () => {
  it('keep counting in this process instead of letting requests through', async () => {
    const app = await appWithLimitedRoute('redis://127.0.0.1:1');
    try {
      expect((await app.inject('/limited')).statusCode).toBe(200);
      expect((await app.inject('/limited')).statusCode).toBe(200);
      const third = await app.inject('/limited');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: ErrorCode.TooManyRequests });
    } finally {
      await app.close();
    }
  });
});
