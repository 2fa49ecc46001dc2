// `npm run dev`: the server and the Vite dev server (with its proxy to the server) side by side.
import { spawn } from 'node:child_process';
import { root } from './web-build.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@lend/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
children.forEach((child) => child.on('exit', (code) => (stop('SIGTERM'), process.exit(code ?? 0))));
