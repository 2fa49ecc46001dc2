import { ErrorCode, OperatorPath, type JobRunView, type Page } from '@lend/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { JOB_COMMANDS } from '../src/cli/job-commands';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { jobRuns } from '../src/db/schema';
import { createJobScheduler } from '../src/jobs/create-job-scheduler';
import type { JobScheduler, ScheduledJob } from '../src/jobs/job-scheduler';
import { RUNNER_SCHEMA } from '../src/jobs/pg-boss-scheduler';
import { createTestApp, operatorCommandLine, queryRows, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { signedInAdmin, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

/**
 * Scheduled jobs (docs/decisions/188–190): on PostgreSQL each occurrence runs on one server of all
 * that share the database, failed runs are tried again a bounded number of times, a stop waits for
 * the run in progress; on either database every run is in the history the operators read.
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
/** Short waits for the test: a due run is looked for every 100 ms, one retry a second or two later. */
const FAST = { retryLimit: 1, retryDelaySeconds: 1, pollingMs: 100 };
/** Long enough that no second occurrence falls due while a test runs. */
const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
/** On PostgreSQL, a second server on the same database: its own app, pool and scheduler. */
let other: { app: FastifyInstance; database: Database } | undefined;
const clock = testClock();
let admin: StaffSession;
let agent: StaffSession;
const schedulers: JobScheduler[] = [];

function scheduler(server: { app: FastifyInstance; database: Database }): JobScheduler {
  const made = createJobScheduler(t.target, { db: server.database.db, log: server.app.log, metrics: server.app.metrics }, FAST);
  schedulers.push(made);
  return made;
}

/** A job started on a scheduler of this server, whose run waits until the test releases it. */
async function startedBlockingJob(name: string): Promise<{ made: JobScheduler; release: () => void }> {
  let release = () => {};
  let started = false;
  const job: ScheduledJob = {
    name,
    intervalMs: HOUR_MS,
    firstRunAfterMs: 0,
    run: () =>
      new Promise<void>((resolve) => {
        started = true;
        release = resolve;
      }),
  };
  const made = scheduler(t);
  await made.start([job]);
  await vi.waitFor(() => expect(started).toBe(true), { timeout: 10_000, interval: 20 });
  return { made, release: () => release() };
}

async function runsOf(job: string) {
  return t.database.db.select().from(jobRuns).where(eq(jobRuns.job, job));
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  if (onPostgres) {
    const database = await openDatabase(t.target);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' }), database, storage: t.storage, operatorToken: TEST_OPERATOR_TOKEN, logger: false });
    other = { app, database };
  }
  admin = await signedInAdmin(t, clock);
  agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
});
afterAll(async () => {
  await Promise.all(schedulers.map((made) => made.stop()));
  await other?.app.close();
  await other?.database.close();
  await t?.close();
});

describe('the scheduler the database calls for', () => {
  it(onPostgres ? 'is the job runner on PostgreSQL' : 'is the process’s own timers on the embedded database', () => {
    expect(createJobScheduler(t.target, { db: t.database.db, log: t.app.log }).kind).toBe(onPostgres ? 'pg-boss' : 'in-process');
  });

  it('writes each run to the history, which an operator pages through and an agent may not read', async () => {
    let runs = 0;
    const job: ScheduledJob = { name: 'history-probe', intervalMs: HOUR_MS, firstRunAfterMs: 0, expireAfterMs: 1_000, run: async () => void (runs += 1) };
    const failing: ScheduledJob = {
      name: 'history-failing',
      intervalMs: HOUR_MS,
      firstRunAfterMs: 0,
      run: async () => {
        throw new Error('provider down');
      },
    };
    // A run a server left marked running when it died, long before.
    await t.database.db.insert(jobRuns).values({ runnerId: 'left-by-a-dead-server', job: 'history-probe', state: 'running', attempts: 1, server: 'gone:1', startedAt: new Date(Date.now() - HOUR_MS) });
    const made = scheduler(t);
    await made.start([job, failing]);
    await vi.waitFor(async () => expect((await runsOf('history-failing'))[0]?.state).toMatch(/^(retrying|failed)$/), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect((await runsOf('history-probe')).map((run) => run.state).sort()).toEqual(['abandoned', 'succeeded']), { timeout: 10_000, interval: 50 });
    await made.stop();
    expect(runs).toBe(1);

    const first = await staffCall<Page<JobRunView>>(t, admin, 'GET', `${OperatorPath.jobRuns}?limit=1`);
    expect(first).toMatchObject({ status: 200, code: 0 });
    expect(first.data.items).toHaveLength(1);
    expect(first.data.nextCursor).not.toBeNull();
    const second = await staffCall<Page<JobRunView>>(t, admin, 'GET', `${OperatorPath.jobRuns}?limit=1&cursor=${first.data.nextCursor}`);
    expect(second.data.items[0]?.id).toBeLessThan(first.data.items[0]?.id ?? 0);

    const failed = await staffCall<Page<JobRunView>>(t, admin, 'GET', `${OperatorPath.jobRuns}?job=history-failing`);
    expect(failed.data.items).toEqual([
      expect.objectContaining({ job: 'history-failing', state: onPostgres ? expect.stringMatching(/^(retrying|failed)$/) : 'failed', lastError: 'Error: provider down', durationMs: expect.any(Number) }),
    ]);
    expect(await staffCall(t, agent, 'GET', OperatorPath.jobRuns)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });

    const cli = await operatorCommandLine(t);
    const list = JOB_COMMANDS.find((command) => command.words.join(' ') === 'job list');
    await list?.run(cli, { job: ['history-probe'] }, []);
    expect(cli.printed.map((line) => JSON.parse(line) as JobRunView)).toEqual([
      expect.objectContaining({ job: 'history-probe', state: 'succeeded', attempts: 1 }),
      expect.objectContaining({ job: 'history-probe', state: 'abandoned', server: 'gone:1', finishedAt: expect.any(String) }),
    ]);
  });
});

describe.runIf(onPostgres)('the job runner on PostgreSQL', () => {
  it('runs an occurrence both servers offer exactly once', async () => {
    const ranOn: string[] = [];
    const job = (server: string): ScheduledJob => ({ name: 'once-across-servers', intervalMs: HOUR_MS, firstRunAfterMs: 0, run: async () => void ranOn.push(server) });
    if (!other) throw new Error('no second server');
    const [a, b] = [scheduler(t), scheduler(other)];
    await Promise.all([a.start([job('a')]), b.start([job('b')])]);
    await vi.waitFor(async () => expect((await runsOf('once-across-servers'))[0]?.state).toBe('succeeded'), { timeout: 10_000, interval: 50 });
    // Both have stopped: nothing offered is left to run.
    await Promise.all([a.stop(), b.stop()]);
    expect(ranOn).toHaveLength(1);
    expect(await runsOf('once-across-servers')).toHaveLength(1);
    const queued = await queryRows<{ count: number }>(t.database, sql.raw(`select count(*)::int as count from ${RUNNER_SCHEMA}.job where name = 'once-across-servers'`));
    expect(queued[0]?.count).toBe(1);
  });

  it('tries a failing job again after a wait, then records the failure with its last error', async () => {
    let attempts = 0;
    const job: ScheduledJob = {
      name: 'always-failing',
      intervalMs: HOUR_MS,
      firstRunAfterMs: 0,
      run: async () => {
        attempts += 1;
        throw new Error(`attempt ${attempts} refused`);
      },
    };
    if (!other) throw new Error('no second server');
    await Promise.all([scheduler(t).start([job]), scheduler(other).start([job])]);
    await vi.waitFor(async () => expect((await runsOf('always-failing'))[0]?.state).toBe('failed'), { timeout: 15_000, interval: 100 });
    const [run] = await runsOf('always-failing');
    expect(run).toMatchObject({ attempts: 2, lastError: 'Error: attempt 2 refused' });
    expect(attempts).toBe(2);
    expect(t.logs()).toContain('scheduled job failed');
  });

  it('stops only once the run in progress has ended, and records it', async () => {
    const { made, release } = await startedBlockingJob('slow-run');
    let stopped = false;
    const stopping = made.stop().then(() => void (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    expect((await runsOf('slow-run'))[0]?.state).toBe('running');
    release();
    await stopping;
    expect((await runsOf('slow-run'))[0]?.state).toBe('succeeded');
  });

  it('keeps the server up when the connection holding a running job’s lock is cut, and the run still ends', async () => {
    const { made, release } = await startedBlockingJob('lock-lost');
    // As a failover or an administrator does: the session holding the job's advisory lock ends.
    const cut = await queryRows<{ cut: boolean }>(
      t.database,
      sql`select pg_terminate_backend(pid) as cut from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(cut.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(t.logs()).toContain('job runner connection failed'), { timeout: 5_000, interval: 20 });
    release();
    await vi.waitFor(async () => expect((await runsOf('lock-lost'))[0]?.state).toBe('succeeded'), { timeout: 10_000, interval: 50 });
    await made.stop();
  });
});
