// `npm start`: builds the web app and compiles the server if either is missing or stale, then runs
// the compiled server in the foreground.
import { spawn } from 'node:child_process';
import { ensureServerBuild, serverCommand, serverEnvironment } from './server-build.mjs';
import { buildWeb, root, webBuildIsStale } from './web-build.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app…');
  buildWeb();
}
await ensureServerBuild();

const [node, ...args] = serverCommand();
const server = spawn(node, args, { cwd: root, env: serverEnvironment(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
