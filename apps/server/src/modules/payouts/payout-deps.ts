import type { Market } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PayoutCrashPoint } from '../../providers/payouts/payout-config';
import type { PayoutRails } from '../../providers/payouts/payout-rails';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payouts' rails and settings, for the jobs `main.ts` starts and for tests that drive the sandbox. */
    payouts: PayoutDeps;
  }
}

export type PayoutDeps = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  rails: PayoutRails;
  /** Each market's ceiling on a day's payouts in minor units (docs/decisions/154). */
  dailyLimits: Partial<Record<Market, number>>;
  /** How long a payout may stay with the provider unsettled before the reconciler asks. */
  reconcileAfterMs: number;
  /** Test seam: stops the sender at a point as if the process died there. */
  crashAt: (point: PayoutCrashPoint) => void;
};

/**
 * With PAYOUT_CRASH_AT set (never in production) the process kills itself at that point of a
 * payout, as a power cut would, so a test can prove the reconciler settles what was left.
 */
export function payoutCrashAt(configured: PayoutCrashPoint | undefined): (point: PayoutCrashPoint) => void {
  if (configured === undefined) return () => undefined;
  return (point) => {
    if (point === configured) process.kill(process.pid, 'SIGKILL');
  };
}
