import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export type S3StandIn = {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT. */
  endpoint: string;
  /** Created empty at start. */
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The environment that points the server's storage at this bucket, under `prefix` when given. */
  env: (prefix?: string) => Record<string, string>;
  /** Stops the stand-in and deletes everything it stored. */
  close: () => Promise<void>;
};

/** s3rver's fixed keys. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const START_TIMEOUT_MS = 20_000;

/**
 * Runs s3rver in its own process: it encrypts ListObjectsV2 continuation tokens with DES, which
 * Node 20's OpenSSL 3 offers only with the legacy provider, and every truncated listing fails
 * without it. It prints its port once listening, and stops when the test process goes away
 * (its stdin closes).
 */
const MAIN = `
const S3rver = require(process.argv[1]);
const [directory, bucket] = process.argv.slice(2);
process.stdin.on('end', () => process.exit(0)).resume();
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  .run()
  .then(({ port }) => process.stdout.write(port + '\\n'), (error) => { console.error(error); process.exit(1); });
`;

/**
 * An S3-compatible server (s3rver) on a free local port, keeping its objects in a temporary folder,
 * with one empty bucket. The storage adapter talks to it through the real AWS SDK, path-style.
 */
export async function startS3StandIn(bucket = 'lend-uploads'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'lend-s3-'));
  const s3rver = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', MAIN, s3rver, directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    child.kill('SIGTERM');
    await exited;
    rmSync(directory, { recursive: true, force: true });
  };
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the S3 stand-in did not start')), START_TIMEOUT_MS);
      createInterface({ input: child.stdout }).once('line', (line) => {
        clearTimeout(timer);
        resolve(Number(line));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the S3 stand-in exited with code ${code ?? 'none'} before listening`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    credentials: CREDENTIALS,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    close: stop,
  };
}
