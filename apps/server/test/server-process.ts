import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { serverCommand } from '../../../scripts/server-build.mjs';

const root = resolve(import.meta.dirname, '../../..');

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

/** The compiled server running as a child process, as `npm start` runs it. */
export type ServerProcess = {
  url: string;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<ServerExit>;
  /** SIGTERM, the way an operator stops it; resolves with how it ended. */
  stop: () => Promise<ServerExit>;
  /** The last lines it wrote (stdout and stderr, interleaved), for a failure message. */
  tail: (lines?: number) => string;
  /** Everything it wrote. */
  output: () => string;
};

const running = new Set<ChildProcess>();

/**
 * Starts the compiled server with `env` and PATH as its whole environment on a port of its choosing
 * (PORT=0), and resolves once it says where it listens. A process that ends before that rejects
 * with what it wrote.
 */
export function startServer(env: Record<string, string>, readyWithinMs = 60_000): Promise<ServerProcess> {
  const [node, ...args] = serverCommand();
  const child = spawn(node, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let written = '';
  const exited = new Promise<ServerExit>((done) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      done({ code, signal });
    }),
  );
  const tail = (lines = 25) =>
    written
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line))
      .join('\n');
  const server = (url: string): ServerProcess => ({
    url,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    tail,
    output: () => written,
  });
  return new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rejectStart(new Error(`the server did not start within ${readyWithinMs} ms:\n${tail()}`));
    }, readyWithinMs);
    const onOutput = (chunk: Buffer) => {
      written += chunk.toString();
      const port = /Ready at http:\/\/localhost:(\d+)/.exec(written)?.[1];
      if (port) {
        clearTimeout(timer);
        resolveStart(server(`http://127.0.0.1:${port}`));
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    void exited.then((exit) => {
      clearTimeout(timer);
      rejectStart(new Error(`the server ended before it was ready (${exit.signal ?? `exit ${exit.code}`}):\n${tail()}`));
    });
  });
}

/** Kills whatever server a failed test left running: only the processes this file started. */
export async function killStartedServers(): Promise<void> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGKILL');
        }),
    ),
  );
}
