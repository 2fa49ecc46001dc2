import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { CardProvider, RedirectPaymentProvider } from '../../providers/cards/card-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { CrashAt } from './crash-point';

/** Everything the card services use, built once per app. */
export type CardDeps = {
  db: Db;
  now: () => Date;
  cards: CardProvider;
  /** Present when a redirect (alipay-style) checkout is offered. */
  redirect: RedirectPaymentProvider | undefined;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  crashAt: CrashAt;
};
