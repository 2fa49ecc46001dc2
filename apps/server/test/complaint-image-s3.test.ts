import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { removeAbandonedUploads } from '../src/modules/complaints';
import { StorageUnavailableError } from '../src/providers/storage/create-file-storage';
import { complaintCalls, openComplaintApp } from './complaint-helpers';
import { images } from './factories';
import { migratedDatabase, sessionQuery, TEST_OPERATOR_TOKEN, type BorrowerSession, type TestApp } from './helper';
import { startS3StandIn, type S3StandIn } from './stand-ins/s3-stand-in';

const PREFIX = 'complaint-images/';
const DAY_MS = 24 * 60 * 60 * 1000;

let s3: S3StandIn;
let bucket: S3Client;
let t: TestApp;
let ana: BorrowerSession;
let bruno: BorrowerSession;

beforeAll(async () => {
  s3 = await startS3StandIn();
  bucket = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: s3.credentials });
  ({ t, ana, bruno } = await openComplaintApp(s3.env(PREFIX)));
});
afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await s3?.close();
});

const { uploadUrl } = complaintCalls(() => t);

/** The object's bytes as the bucket holds them, or undefined when it holds none. */
async function inBucket(name: string): Promise<Buffer | undefined> {
  try {
    const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}${name}` }));
    return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

describe('complaint images with S3 storage configured', () => {
  it('stores an upload in the bucket and serves it through the server to its owner only', async () => {
    const url = await uploadUrl(ana);
    const name = url.split('/').pop() ?? '';
    const stored = await inBucket(name);
    if (!stored) throw new Error('the image is not in the bucket');
    expect((await sharp(stored).metadata()).format).toBe('png');
    // Nothing went to the local folder the test app would otherwise use.
    expect(await t.storage.list()).toEqual([]);

    const own = await t.app.inject({ method: 'GET', url: `${url}?${sessionQuery(ana)}` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(own.rawPayload, stored)).toBe(0);
    const foreign = await t.app.inject({ method: 'GET', url: `${url}?${sessionQuery(bruno)}` });
    const missing = await t.app.inject({ method: 'GET', url: `${url.replace(/[a-f0-9]{32}/, '0'.repeat(32))}?${sessionQuery(bruno)}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('removes an upload nobody claimed from the bucket a day later', async () => {
    const name = (await uploadUrl(ana, await images.webp())).split('/').pop() ?? '';
    expect(await inBucket(name)).toBeDefined();
    const removed = await removeAbandonedUploads(t.database.db, t.app.fileStorage, new Date(Date.now() + DAY_MS + 60_000));
    expect(removed.images).toBeGreaterThanOrEqual(1);
    expect(await inBucket(name)).toBeUndefined();
  });

  it('refuses to start when the bucket cannot be reached', async () => {
    const { target, drop } = await migratedDatabase();
    const database = await openDatabase(target);
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ...s3.env(), STORAGE_URL: 's3://no-such-bucket' });
      const start = buildApp({ config, database, operatorToken: TEST_OPERATOR_TOKEN, logger: false });
      await expect(start).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(start).rejects.toThrow(/^File storage unavailable: S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ is not reachable: NotFound \(HTTP 404\)$/);
    } finally {
      await database.close();
      await drop();
    }
  });
});
