import type { DatabaseTarget } from '../db/client';
import { InProcessScheduler, type JobScheduler, type SchedulerDeps } from './job-scheduler';
import { PG_BOSS_DEFAULTS, PgBossScheduler, type PgBossSettings } from './pg-boss-scheduler';

/**
 * The scheduler for this database, chosen once at start (docs/decisions/188): on PostgreSQL, which
 * several servers share, the job runner runs each occurrence on exactly one of them; on the embedded
 * database, which one process holds, that process's own timers.
 */
export function createJobScheduler(target: DatabaseTarget, deps: SchedulerDeps, tuning: Partial<Omit<PgBossSettings, 'url' | 'migrationUrl'>> = {}): JobScheduler {
  if (target.kind !== 'postgres') return new InProcessScheduler(deps);
  return new PgBossScheduler(deps, { ...PG_BOSS_DEFAULTS, ...tuning, url: target.url, migrationUrl: target.migrationUrl });
}
