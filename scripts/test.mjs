// `npm test`: every check the project has. The unit and API tests start as soon as the server is
// compiled, with the web build beside them at a lower priority (docs/decisions/102). The browser
// tests come next, with the type checks and the lint beside them at a lower priority, filling the
// time pages spend waiting (docs/decisions/200); the reliability suite last, on a machine of its
// own (docs/decisions/201).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { ensureChromium } from './chromium.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { root } from './web-build.mjs';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const running = new Set();
const timings = [];
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/** Stops whatever is still running and ends with the failed step's status. */
function fail(title, status) {
  console.error(`\n✖ ${title} failed`);
  for (const child of running) child.kill('SIGTERM');
  process.exit(status || 1);
}

/**
 * Runs one step. `background` steps run niced with their output held back until they end, so the
 * tests' report stays readable; a step's output is shown in full when it fails.
 */
function step(title, command, args, { background = false } = {}) {
  const started = performance.now();
  if (!background) console.log(`\n▶ ${title}`);
  const child = spawn(command, args, { cwd: root, stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  running.add(child);
  let output = '';
  if (background) {
    // A check that cannot be niced still runs; it only competes with the tests for the processor.
    try {
      setPriority(child.pid, 10);
    } catch {
      // not permitted here
    }
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      const ms = performance.now() - started;
      timings.push([title, ms]);
      if (background) console.log(`\n▶ ${title}: ${code === 0 ? 'passed' : 'FAILED'} in ${minutes(ms)}${output.trim() && code !== 0 ? `\n${output.trimEnd()}` : ''}`);
      if (code !== 0) fail(title, code ?? (signal ? 1 : 0));
      resolve();
    });
  });
}

/** The checks that need no server: one after the other, beside the tests. */
/** The type checks and the lint, one after the other at a lower priority. */
async function staticChecks() {
  for (const workspace of ['packages/contracts', 'packages/domain', 'apps/server', 'apps/web']) {
    await step(`Type check ${workspace}`, 'npm', ['run', 'typecheck', '-w', workspace, '--silent'], { background: true });
  }
  await step('Lint', 'npm', ['run', 'lint', '--silent'], { background: true });
}

const started = performance.now();
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API tests run on the embedded database only (.ci/run adds PostgreSQL).');
}
// Once for every test below that starts the server or its command line, and for the empty database they open.
console.log('\n▶ Server build');
await ensureServerBuild();
ensureChromium();
const apiProjects = ['--project', 'unit', '--project', 'api-pglite'];
if (process.env.TEST_DATABASE_URL) apiProjects.push('--project', 'api-postgres');
// The web build beside the API tests, which keep the processors busy; the type checks and the lint
// beside the browser tests, whose pages leave about half of them idle while they wait.
await Promise.all([
  step('Web build', 'npm', ['run', 'build', '-w', '@lend/web', '--silent'], { background: true }),
  step('Unit and API tests', process.execPath, [...vitest, ...apiProjects]),
]);
await Promise.all([staticChecks(), step('Browser tests', process.execPath, [...vitest, '--project', 'e2e'])]);
// The two-server cluster under load, faults and abuse (docs/decisions/201): it needs PostgreSQL, and
// the machine to itself, since it measures latencies.
if (process.env.TEST_DATABASE_URL) {
  await step('Reliability suite', process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'scripts/reliability.test.mjs']);
} else {
  console.log('\nTEST_DATABASE_URL is not set: the reliability suite (two servers on PostgreSQL) does not run.');
}
console.log(`\n✔ All tests passed in ${minutes(performance.now() - started)}`);
for (const [title, ms] of timings) console.log(`  ${title}: ${minutes(ms)}`);
