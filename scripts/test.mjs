// `npm test`: every check the project has, in the order that fails fastest.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { buildWeb, root } from './web-build.mjs';

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

step('Type check', 'npm', ['run', 'typecheck']);
step('Lint', 'npm', ['run', 'lint']);
if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: the API tests run on the embedded database only (.ci/run adds PostgreSQL).');
}
// Once for every test below that starts the server or its command line, and for the empty database they open.
console.log('\n▶ Server build');
await ensureServerBuild();
const apiProjects = ['--project', 'unit', '--project', 'api-pglite'];
if (process.env.TEST_DATABASE_URL) apiProjects.push('--project', 'api-postgres');
step('Unit and API tests', process.execPath, [...vitest, ...apiProjects]);

ensureChromium();
console.log('\n▶ Web build');
buildWeb();
step('Browser tests', process.execPath, [...vitest, '--project', 'e2e']);
console.log('\n✔ All tests passed');
