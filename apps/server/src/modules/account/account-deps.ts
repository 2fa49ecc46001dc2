import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from '../../counters/counter-store';
import type { Db } from '../../db/client';
import type { SmsProvider } from '../../providers/sms/sms-provider';

/** What the account services use, built once per app; `counters` is the app's one store (docs/decisions/063). */
export type AccountDeps = {
  db: Db;
  now: () => Date;
  counters: CounterStore;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** Cookies only over HTTPS: in production. */
  secureCookie: boolean;
};
