import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newestMigrationMillis, type Db } from './db/client';
import type { FileStorage } from './providers/storage/storage';

/** One thing the server needs to serve: it resolves when it answers, and throws (or hangs) when not. */
export type ReadinessCheck = () => Promise<void>;

/** A check that has not answered in this time has failed: a load balancer's probe must not hang. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unready']),
  /** Each check by name: `ok` or `failed`; `draining` says the server is stopping. */
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
  draining: z.boolean(),
});
export type ReadinessAnswer = z.infer<typeof readinessResponseSchema>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What `/readyz` checks; other parts of the server add their own (docs/decisions/112). */
    readiness: Readiness;
  }
}

/**
 * What `/readyz` answers a load balancer: ready when every check answers in time and the server is
 * not stopping (docs/decisions/112). Only names and `ok`/`failed` go out: the reasons, which may
 * name hosts or users, go to the log.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  constructor(private readonly log: Pick<FastifyInstance['log'], 'warn'>) {}

  add(name: string, check: ReadinessCheck): void {
    if (this.checks.has(name)) throw new Error(`readiness check "${name}" is already registered`);
    this.checks.set(name, check);
  }

  /** From now on the server answers unready, so the balancer stops sending it requests. */
  drain(): void {
    this.draining = true;
  }

  async answer(): Promise<ReadinessAnswer> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await Promise.race([
            check(),
            delay(READINESS_CHECK_TIMEOUT_MS, undefined, { ref: false }).then(() => {
              throw new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`);
            }),
          ]);
          return [name, 'ok'] as const;
        } catch (error) {
          this.log.warn({ err: error, check: name }, 'readiness check failed');
          return [name, 'failed'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const ready = !this.draining && entries.every(([, state]) => state === 'ok');
    return { status: ready ? 'ready' : 'unready', checks, draining: this.draining };
  }
}

/** The database answers and holds every migration this server was built with. */
export function databaseCheck(db: Db): ReadinessCheck {
  const newest = newestMigrationMillis();
  return async () => {
    const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { newest: string | null }[];
    };
    const applied = Number(result.rows[0]?.newest ?? 0);
    if (applied < newest) throw new Error('the database lacks migrations this server needs');
  };
}

/**
 * Redis answers a PING, on a connection of the check's own: the counter store hides an outage
 * behind its in-process fallback (docs/decisions/063), which is right for limits but not for a
 * balancer choosing where to send borrowers.
 */
export async function redisCheck(url: string): Promise<{ check: ReadinessCheck; close: () => Promise<void> }> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  // An outage is reported by the check's answer and by the counter store's own warning.
  redis.on('error', () => undefined);
  try {
    await Promise.race([once(redis, 'ready'), delay(2_000)]);
  } catch {
    // not reachable now: the check says so until it is
  }
  return {
    check: async () => {
      const answer = await redis.ping();
      if (answer !== 'PONG') throw new Error(`redis answered ${answer}`);
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

/** Where a load balancer asks; beside `/healthz`, which says only that the process answers. */
export const READINESS_PATH = '/readyz';

/**
 * `/readyz` and its first checks: the database, Redis when REDIS_URL is set, and the file storage
 * (its folder, or its bucket: docs/decisions/107). 200 when ready, 503 naming what failed; never stored by a cache.
 */
export async function registerReadiness(
  app: FastifyInstance,
  options: { db: Db; redisUrl: string | undefined; storage: FileStorage },
): Promise<void> {
  const readiness = new Readiness(app.log);
  app.decorate('readiness', readiness);
  readiness.add('database', databaseCheck(options.db));
  if (options.redisUrl) {
    const redis = await redisCheck(options.redisUrl);
    app.addHook('onClose', () => redis.close());
    readiness.add('redis', redis.check);
  }
  // A kept-alive connection would hold a stopping server open until it times out: every answer
  // given while draining ends its connection.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.isDraining) reply.header('Connection', 'close');
  });
  const { storage } = options;
  readiness.add('storage', () => storage.check());
  app.get(READINESS_PATH, { schema: { hide: true, response: { 200: readinessResponseSchema, 503: readinessResponseSchema } } }, async (_request, reply) => {
    const answer = await readiness.answer();
    return reply
      .code(answer.status === 'ready' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(answer);
  });
}
