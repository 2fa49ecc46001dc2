import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cliCommand, serverCommand } from '../../../scripts/server-build.mjs';

const root = resolve(import.meta.dirname, '../../..');
/**
 * The compiled server and command line, as `npm start` and `npm run cli` run them; absolute paths,
 * so they also start from another working folder (where `./data` points).
 */
const [node, ...serverArgs] = serverCommand();
const [, ...cliArgs] = cliCommand();
const dirs: string[] = [];

type Run = { code: number | null; stdout: string; stderr: string };

/**
 * Runs the compiled server, with `env` and PATH as its whole environment, until it exits
 * (or until `until` sees the output it waits for).
 */
function runServer(env: NodeJS.ProcessEnv, until?: (output: string) => boolean, cwd = root): Promise<Run & { stop: () => Promise<Run> }> {
  return new Promise((resolveRun) => {
    const child = spawn(node, serverArgs, { cwd, env: { PATH: process.env.PATH, ...env } });
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
  return spawnSync(node, [...cliArgs, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

const ready = (output: string) => output.includes('Ready at');

function listeningPort(output: string): string {
  const match = /Ready at http:\/\/localhost:(\d+)/.exec(output);
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

const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test PostgreSQL server; `drop` removes it. */
async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lend_process_${randomBytes(6).toString('hex')}`;
  await onPostgres(postgresAdminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => void (await onPostgres(postgresAdminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

const statusOf = async (port: string, path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).status;

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

  it('refuses to start in production on a sandbox provider, naming the variable to set', async () => {
    const run = await runServer({ NODE_ENV: 'production', DATABASE_URL: postgresAdminUrl, OPERATOR_TOKEN: 'o'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64), PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^Configuration error: .*set SMS_PROVIDER/);
  });

  it(
    'given only DATABASE_URL, listens on every interface with no preview, no API docs and no demo data',
    async () => {
      const database = await freshPostgresDatabase();
      // Its own working folder, so the operator token it writes to ./data stays out of the repository.
      const server = await runServer({ PORT: '0', DATABASE_URL: database.url }, ready, tempDir());
      try {
        expect(server.code, server.stderr).toBeNull();
        expect(server.stdout).toContain('listening on 0.0.0.0');
        expect(server.stdout).not.toMatch(/demo mode|demo data seeded/);
        const port = listeningPort(server.stdout);
        expect(await statusOf(port, '/api/dev/preview-defaults')).toBe(404);
        expect(await statusOf(port, '/docs')).toBe(404);
        expect(await statusOf(port, '/healthz')).toBe(200);
        const borrowers = await onPostgres(database.url, (client) => client.query<{ n: string }>('SELECT count(*) AS n FROM borrowers'));
        expect(borrowers.rows[0]?.n).toBe('0');
      } finally {
        await server.stop();
        await database.drop();
      }
    },
    60_000,
  );

  it(
    'on the embedded database with nothing else set, listens on 127.0.0.1 only and serves the demo',
    async () => {
      const server = await runServer({ DATA_DIR: tempDir(), PORT: '0' }, ready);
      try {
        expect(server.code, server.stderr).toBeNull();
        expect(server.stdout).toContain('listening on 127.0.0.1 (demo mode');
        const port = listeningPort(server.stdout);
        const preview = await fetch(`http://127.0.0.1:${port}/api/dev/preview-defaults`);
        expect(preview.status).toBe(200);
        expect(await preview.json()).toMatchObject({ userId: expect.any(String), sessionId: expect.any(String) });
        expect(await statusOf(port, '/docs')).toBe(200);
      } finally {
        await server.stop();
      }
    },
    60_000,
  );
});
