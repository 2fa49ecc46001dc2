import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the real server entry point until it exits (or until `until` sees the output it waits for). */
function runServer(env: NodeJS.ProcessEnv, until?: (output: string) => boolean): Promise<Run & { stop: () => Promise<Run> }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<Run>((r) => child.once('exit', (code) => r({ code, stdout, stderr })));
    const stop = async () => {
      child.kill('SIGTERM');
      return exited;
    };
    const check = () => {
      if (until?.(stdout + stderr)) resolveRun({ code: null, stdout, stderr, stop });
    };
    child.stdout.on('data', (c: Buffer) => ((stdout += c.toString()), check()));
    child.stderr.on('data', (c: Buffer) => ((stderr += c.toString()), check()));
    void exited.then((run) => resolveRun({ ...run, stop }));
  });
}

/** Runs the operator command line exactly as `npm run cli` does. */
function cli(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

function listeningPort(output: string): string {
  const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
  if (!match?.[1]) throw new Error(`no port in:\n${output}`);
  return match[1];
}

async function contactsWith(port: string, session: { userId: string; sessionId: string }) {
  const query = new URLSearchParams(session).toString();
  const response = await fetch(`http://127.0.0.1:${port}/machine/user-problem/get-whatsapp?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'overall=30',
  });
  return (await response.json()) as { code: number };
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lend-proc-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('server process', () => {
  it('stops with one line naming a bad variable', async () => {
    const run = await runServer({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")']);
  });

  it('exits non-zero when it cannot reach its database', async () => {
    const run = await runServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', DATA_DIR: tempDir(), PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Database unavailable: Cannot reach PostgreSQL/);
  });

  it(
    'keeps a second process off the same embedded database, keeps data across restarts, and writes a private operator token',
    async () => {
      const dataDir = tempDir();
      const ready = (output: string) => output.includes('Ready at');
      const first = await runServer({ DATA_DIR: dataDir, PORT: '0' }, ready);
      expect(first.code).toBeNull();
      const port = listeningPort(first.stdout);
      const env = { DATA_DIR: dataDir, SERVER_URL: `http://127.0.0.1:${port}` };

      const help = cli(['help'], env);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('session create --phone');
      const created = cli(['session', 'create', '--phone', '5512345678'], env);
      expect(created.status, created.stderr).toBe(0);
      const lines = created.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const session = JSON.parse(lines[0] ?? '') as { userId: string; sessionId: string };
      expect(session).toMatchObject({ userId: expect.any(String), sessionId: expect.any(String) });
      expect((await contactsWith(port, session)).code).toBe(0);
      const refused = cli(['session', 'create', '--phone', 'abc'], env);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('--phone');
      const wrongToken = cli(['health'], { ...env, OPERATOR_TOKEN: 'w'.repeat(40) });
      expect(wrongToken.status).toBe(1);
      expect(wrongToken.stderr).toContain('Operator token missing or wrong.');

      const second = await runServer({ DATA_DIR: dataDir, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/is in use by process \d+/);
      const stopped = await first.stop();
      expect(stopped.stdout).toContain('demo data seeded');

      expect(statSync(join(dataDir, 'operator-token')).mode & 0o777).toBe(0o600);
      const token = readFileSync(join(dataDir, 'operator-token'), 'utf8');

      const restarted = await runServer({ DATA_DIR: dataDir, PORT: '0' }, ready);
      // The session opened before the restart still authenticates: the data was kept.
      expect((await contactsWith(listeningPort(restarted.stdout), session)).code).toBe(0);
      const after = await restarted.stop();
      // The demo data is already there, so nothing is seeded again; the token survives.
      expect(after.stdout).not.toContain('demo data seeded');
      expect(readFileSync(join(dataDir, 'operator-token'), 'utf8')).toBe(token);
    },
    90_000,
  );
});
