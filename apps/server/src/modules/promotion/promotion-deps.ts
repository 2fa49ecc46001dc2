import type { PhoneMarket } from '@lend/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { CounterStore } from '../../counters/counter-store';
import { createCounterStore } from '../../counters/create-counter-store';
import type { Db } from '../../db/client';
import { createSmsProvider } from '../../providers/sms/create-sms-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { CaptchaAnswerLog } from './captcha-answer-log';

/** Everything the promotion services use, built once per app. */
export type PromotionDeps = {
  db: Db;
  market: PhoneMarket;
  now: () => Date;
  counters: CounterStore;
  sms: SmsProvider;
  /** Present in demo mode only (docs/decisions/061). */
  captchaLog: CaptchaAnswerLog | undefined;
  log: FastifyBaseLogger;
};

export async function createPromotionDeps(options: { config: Config; db: Db; now: () => Date; log: FastifyBaseLogger }): Promise<PromotionDeps> {
  const { config, db, now, log } = options;
  // While Redis is down every request fails over: one warning a minute is enough.
  let lastWarning = 0;
  const counters = await createCounterStore({
    redisUrl: config.redisUrl,
    now: () => now().getTime(),
    onRedisError: (error) => {
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      log.warn({ err: error }, 'redis unavailable for SMS limits; counting in this process');
    },
  });
  return {
    db,
    market: config.promotionMarket,
    now,
    counters,
    sms: createSmsProvider(config, db),
    captchaLog: config.demo ? new CaptchaAnswerLog(() => now().getTime()) : undefined,
    log,
  };
}
