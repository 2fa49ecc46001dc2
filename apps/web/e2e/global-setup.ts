import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_SANDBOXES } from '../../../scripts/e2e-sandboxes.mjs';
import { serverCommand } from '../../../scripts/server-build.mjs';

/** One server of the browser tests: its address and the embedded database's folder. */
export type E2eServer = { baseUrl: string; dataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2eServer[];
    /** What this run adds to the test borrowers' phones (`runPhone` in session.ts). */
    phoneOffset: number;
  }
}

const root = resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within 90 s:\n${output()}`);
}

/** `stop` ends the server and removes its folder; `halt` ends it and keeps the folder, to start it again on the same data. */
export type RunningServer = E2eServer & { stop: () => Promise<void>; halt: () => Promise<void> };

/**
 * Starts the real, built product (the compiled server) on a fresh embedded database with demo data,
 * or on the folder given (a file that prepares the database first); stopping removes the folder.
 */
export async function startServer(dataDir = mkdtempSync(join(tmpdir(), 'lend-e2e-'))): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const [node, ...args] = serverCommand();
  const child = spawn(node, args, {
    cwd: root,
    // The loopback is a trusted proxy, so a test may speak for a visitor of another address.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '', LOG_LEVEL: 'warn', ...E2E_SANDBOXES, TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForServer(baseUrl, child, () => log);
  const halt = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
    halt,
  };
}

/**
 * A server already running, named by `E2E_BASE_URL` (`npm run cluster`'s balancer, say), with the
 * data folder that holds its operator token in `E2E_DATA_DIR`, for the operator command line the
 * tests drive (docs/decisions/195). Files that need a server of their own still start one.
 */
function existingServer(): E2eServer | undefined {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) return undefined;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_BASE_URL needs E2E_DATA_DIR: the data folder holding that server’s operator token (npm run cluster prints both)');
  return { baseUrl: baseUrl.replace(/\/+$/, ''), dataDir: resolve(dataDir) };
}

/**
 * The test phones' last eight digits stay below 22,000,000; offsets below this keep them eight
 * digits without wrapping, so phones apart in the files stay apart in every run.
 */
const PHONE_OFFSETS = 78_000_000;

/**
 * One server per worker (docs/decisions/139): the files of one worker run one after the other on
 * their own server, as they would alone, while the other worker's files move another server's
 * clock and fill another database. With `E2E_BASE_URL` every worker uses that server instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('phoneOffset', randomInt(0, PHONE_OFFSETS));
  const existing = existingServer();
  if (existing) {
    project.provide('servers', [existing]);
    return async () => {};
  }
  const count = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  return stopAll;
}
