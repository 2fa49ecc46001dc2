// The soak: the reliability suite's load tests (docs/decisions/201) held for 30 s instead of CI's
// 10 s, on the two-server cluster behind HAProxy, with each server's memory read before and after.
// `BENCH_ONLY=soak npm run bench` runs it alone; `npm run bench` runs it after the volume benchmark.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SOAK_SECONDS = 30;

/** The `figure <name> <value>` lines of a test run's output, as a map. */
export function figuresOf(output) {
  const figures = {};
  for (const match of output.matchAll(/figure (\S+) (.+)$/gm)) figures[match[1]] = match[2].trim();
  return figures;
}

/**
 * Runs every reliability test whose name starts with "load" for `seconds` each way, on PostgreSQL
 * at `adminUrl`; resolves with their figures, or rejects with the run's output when a test failed.
 */
export function measureSoak({ adminUrl, seconds = SOAK_SECONDS, log = console.log }) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-name-pattern', '^load', 'scripts/reliability.test.mjs'], {
      cwd: root,
      env: { ...process.env, TEST_DATABASE_URL: adminUrl, RELIABILITY_LOAD_SECONDS: String(seconds) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk) => {
      output += chunk;
      for (const line of String(chunk).split('\n')) if (/figure |✔|✖/.test(line)) log(`  ${line.trim()}`);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done({ seconds, figures: figuresOf(output) }) : fail(new Error(`the soak failed (exit ${code}):\n${output}`))));
  });
}
