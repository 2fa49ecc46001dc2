import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { CounterStore } from '../../counters/counter-store';
import type { Db } from '../../db/client';
import { createSmsProvider } from '../../providers/sms/create-sms-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { activeTemplatesOf, eventCountsOf, type CampaignDeps } from '../promotion-campaigns';
import type { CaptchaAnswers } from './captcha-answer-log';
import type { SmsBudget } from './sms-budget';
import { signUpCounts } from './sign-up-counts-repository';

/** Everything the promotion services use, the campaigns' with them, built once per app. */
export type PromotionDeps = CampaignDeps & {
  counters: CounterStore;
  smsBudget: SmsBudget;
  sms: SmsProvider;
  /** Present in demo mode only (docs/decisions/061). */
  captchaLog: CaptchaAnswers | undefined;
  log: FastifyBaseLogger;
  /** The web session's cookie only over HTTPS: in production. */
  secureCookie: boolean;
};

/** `counters` is the app's one store, shared with the route limits (docs/decisions/063). */
export function createPromotionDeps(options: {
  config: Config;
  db: Db;
  now: () => Date;
  counters: CounterStore;
  /** Demo mode's captcha answers (`createCaptchaAnswers`); undefined outside demo mode. */
  captchaLog: CaptchaAnswers | undefined;
  log: FastifyBaseLogger;
}): PromotionDeps {
  const { config, db, now, counters, captchaLog, log } = options;
  return {
    db,
    defaultMarket: config.promotionMarket,
    now,
    counters,
    templates: activeTemplatesOf(db),
    eventCounts: eventCountsOf(db, log),
    signUps: signUpCounts,
    smsBudget: config.smsBudget,
    sms: createSmsProvider(config, db),
    captchaLog,
    log,
    secureCookie: config.isProduction,
  };
}
