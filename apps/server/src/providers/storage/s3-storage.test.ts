import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../test/stand-ins/s3-stand-in';
import { openFileStorage, StorageUnavailableError } from './create-file-storage';
import { describeFileStorageContract } from './file-storage-contract';
import { S3Storage } from './s3-storage';
import type { S3StorageSettings } from './storage';

let s3: S3StandIn;
let raw: S3Client;
const opened: S3Storage[] = [];

// Starting a process on a busy machine can take longer than a hook's usual 10 s.
beforeAll(async () => {
  s3 = await startS3StandIn();
  raw = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: s3.credentials });
}, 30_000);
afterEach(() => opened.splice(0).forEach((storage) => storage.close()));
afterAll(async () => {
  raw?.destroy();
  await s3?.close();
});

function settings(overrides: Partial<S3StorageSettings> = {}): S3StorageSettings {
  return {
    kind: 's3',
    bucket: s3.bucket,
    prefix: `run-${randomBytes(6).toString('hex')}/uploads/`,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
    ...overrides,
  };
}

/** A storage under a prefix of its own in the shared bucket; pages of two objects, so listing must follow the pages. */
function storage(overrides: Partial<S3StorageSettings> = {}): S3Storage {
  const files = new S3Storage(settings(overrides), 2);
  opened.push(files);
  return files;
}

async function rawText(key: string): Promise<string> {
  const answer = await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from((await answer.Body?.transformToByteArray()) ?? []).toString();
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describeFileStorageContract('S3Storage', async () => storage());

describe('S3Storage', () => {
  it('keeps each file as one object under its prefix', async () => {
    const files = storage();
    await files.put('a.png', Buffer.from('whole image'));
    expect(await rawText(`${files.settings.prefix}a.png`)).toBe('whole image');
  });

  it('takes the objects directly under its prefix with names it gives as its own, and nothing else', async () => {
    const files = storage();
    const { prefix } = files.settings;
    await files.put('mine.png', new Uint8Array([1]));
    for (const key of ['elsewhere.png', `${prefix}deeper/x.png`, `${prefix}.partial`, `${prefix}Upper.png`, `${prefix.slice(0, -1)}-sibling.png`]) {
      await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'not ours' }));
    }
    expect(await files.list()).toEqual(['mine.png']);
    expect(await files.listWrittenBefore(new Date(Date.now() + 60_000))).toEqual(['mine.png']);
  });

  it('works at the top of a bucket when no prefix is given', async () => {
    const bucket = `top-${randomBytes(4).toString('hex')}`;
    await raw.send(new CreateBucketCommand({ Bucket: bucket }));
    const files = storage({ bucket, prefix: '' });
    await files.put('a.jpg', Buffer.from('top'));
    expect(await files.list()).toEqual(['a.jpg']);
    expect(await rawText('a.jpg').catch(() => 'not in the shared bucket')).toBe('not in the shared bucket');
  });

  it('has no interrupted writes to sweep: a single put is stored whole or not at all', async () => {
    const files = storage();
    await files.put('a.png', new Uint8Array([1]));
    expect(await files.removeIncomplete(new Date(Date.now() + 60_000))).toBe(0);
    expect(await files.list()).toEqual(['a.png']);
  });

  it('says which bucket is missing, and a start on it stops', async () => {
    const missing = settings({ bucket: 'no-such-bucket' });
    await expect(storage(missing).check()).rejects.toThrow(`S3 bucket "no-such-bucket" at ${s3.endpoint} is not reachable: NotFound (HTTP 404)`);
    const start = openFileStorage(missing);
    await expect(start).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(start).rejects.toThrow(/^File storage unavailable: S3 bucket "no-such-bucket"/);
  });

  it('sends the configured keys, and says when they are refused', async () => {
    const files = storage({ credentials: { accessKeyId: 'UNKNOWN-KEY', secretAccessKey: 'S3RVER' } });
    await expect(files.check()).rejects.toThrow(/is not reachable: .*\(HTTP 403\)$/);
    await expect(files.put('a.png', new Uint8Array([1]))).rejects.toThrow(/access key/i);
  });

  it('says when nothing answers at the address', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    await expect(storage({ endpoint }).check()).rejects.toThrow(new RegExp(`at ${endpoint} is not reachable: .*ECONNREFUSED`));
  });

  it('opens on a bucket that answers', async () => {
    const { storage: files, close } = await openFileStorage(settings());
    try {
      expect(files).toBeInstanceOf(S3Storage);
      await files.put('a.png', new Uint8Array([1]));
      expect(await files.list()).toEqual(['a.png']);
    } finally {
      close();
    }
  });
});
