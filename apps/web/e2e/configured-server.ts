import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { serverCommand } from '../../../scripts/server-build.mjs';
import { waitForServer } from './global-setup';

const root = resolve(import.meta.dirname, '../../..');

/**
 * The compiled server on the embedded database in `dataDir`, with the provider settings a file
 * gives (`env`) and node options before the entry (`nodeArgs`); `stop` ends it, then runs `after`
 * (a stand-in's close) and removes the folder. A server that does not come up is stopped the same way.
 */
export async function startConfiguredServer(options: {
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  nodeArgs?: readonly string[];
  after: () => Promise<void>;
}): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const [node, ...args] = serverCommand();
  let log = '';
  const child = spawn(node, [...(options.nodeArgs ?? []), ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(options.port), DATA_DIR: options.dataDir, NODE_ENV: 'development', DATABASE_URL: '', LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await options.after();
    rmSync(options.dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
