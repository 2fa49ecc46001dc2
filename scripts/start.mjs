// `npm start`: builds the web app if it is missing or stale, then runs the server in the foreground.
import { spawn } from 'node:child_process';
import { buildWeb, root, webBuildIsStale } from './web-build.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app…');
  buildWeb();
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
