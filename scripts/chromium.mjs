import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const INSTALL = 'apt-get install -y chromium';

/** Browser tests need Debian's Chromium; install it when we can, else say exactly how. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`Chromium is missing; running: ${INSTALL}`);
    let result = spawnSync('sh', ['-c', INSTALL], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      result = spawnSync('sh', ['-c', `apt-get update && ${INSTALL}`], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    }
    if (result.status === 0 && existsSync(CHROMIUM_PATH)) return;
  }
  console.error(`Chromium is needed for the browser tests and is not at ${CHROMIUM_PATH}. Install it with:\n  sudo ${INSTALL}`);
  process.exit(1);
}
