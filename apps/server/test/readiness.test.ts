import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { LocalFolderStorage } from '../src/providers/storage/local-folder-storage';
import { migratedDatabase, TEST_OPERATOR_TOKEN } from './helper';

const REDIS_UP = 'redis://127.0.0.1:6379';
/** Nothing listens on port 1: Redis is down. */
const REDIS_DOWN = 'redis://:not-for-the-body@127.0.0.1:1';

type Built = { app: FastifyInstance; database: Database };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real app on a fresh database, with storage that may offer a check. */
async function built(env: NodeJS.ProcessEnv = {}, storageCheck?: () => Promise<void>): Promise<Built> {
  const { target, drop } = await migratedDatabase();
  const database = await openDatabase(target);
  const folder = mkdtempSync(join(tmpdir(), 'lend-readiness-'));
  const storage = Object.assign(new LocalFolderStorage(folder), storageCheck ? { check: storageCheck } : {});
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ...env });
  const app = await buildApp({ config, database, storage, operatorToken: TEST_OPERATOR_TOKEN, logger: false });
  await app.ready();
  let databaseOpen = true;
  cleanups.push(async () => {
    await app.close();
    if (databaseOpen) await database.close();
    await drop();
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    app,
    database: {
      ...database,
      close: async () => {
        databaseOpen = false;
        await database.close();
      },
    },
  };
}

async function readyz(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, cache: response.headers['cache-control'], body: response.json<Record<string, unknown>>(), text: response.body };
}

describe('/readyz for a load balancer (docs/decisions/112)', () => {
  it('answers 200 when the database holds every migration and Redis answers, never cached', async () => {
    const { app } = await built({ REDIS_URL: REDIS_UP });
    expect(await readyz(app)).toMatchObject({
      status: 200,
      cache: 'no-store',
      body: { status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' }, draining: false },
    });
  });

  it('checks Redis only when REDIS_URL is set', async () => {
    const { app } = await built();
    expect((await readyz(app)).body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' }, draining: false });
  });

  it('answers 503 naming Redis when it is down, without its address', async () => {
    const { app } = await built({ REDIS_URL: REDIS_DOWN });
    const answer = await readyz(app);
    expect(answer).toMatchObject({ status: 503, cache: 'no-store', body: { status: 'unready', checks: { database: 'ok', redis: 'failed' } } });
    expect(answer.text).not.toMatch(/127\.0\.0\.1|not-for-the-body|redis:/);
  });

  it('answers 503 naming the database once it is closed', async () => {
    const { app, database } = await built();
    await database.close();
    expect(await readyz(app)).toMatchObject({ status: 503, body: { status: 'unready', checks: { database: 'failed' } } });
  });

  it('asks the storage whether it answers', async () => {
    let answering = true;
    const { app } = await built({}, async () => {
      if (!answering) throw new Error('bucket unreachable at s3://secret-bucket');
    });
    expect(await readyz(app)).toMatchObject({ status: 200, body: { checks: { database: 'ok', storage: 'ok' } } });
    answering = false;
    const answer = await readyz(app);
    expect(answer).toMatchObject({ status: 503, body: { checks: { database: 'ok', storage: 'failed' } } });
    expect(answer.text).not.toContain('secret-bucket');
  });

  it('takes checks added by other parts of the server, and answers 503 while draining', async () => {
    const { app } = await built();
    app.readiness.add('mail', async () => {
      throw new Error('down');
    });
    expect(await readyz(app)).toMatchObject({ status: 503, body: { checks: { database: 'ok', mail: 'failed' }, draining: false } });

    const { app: other } = await built();
    other.readiness.drain();
    expect(await readyz(other)).toMatchObject({ status: 503, body: { status: 'unready', checks: { database: 'ok' }, draining: true } });
  });
});
