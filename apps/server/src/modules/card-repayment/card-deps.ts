import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { CardRails } from '../../providers/cards/card-rails';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { CrashAt } from './crash-point';

/** Everything the card services use, built once per app. */
export type CardDeps = {
  db: Db;
  now: () => Date;
  /** Each market's card provider and redirect checkout (docs/decisions/124). */
  rails: CardRails;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  crashAt: CrashAt;
};
