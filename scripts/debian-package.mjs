import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * A program from one of Debian's packages: installed with apt-get when it is missing and we are
 * root on a Debian-like system, else the exact command is printed and the script stops.
 */
export function ensureDebianPackage({ path, pkg, purpose }) {
  if (existsSync(path)) return;
  const install = `apt-get install -y ${pkg}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`${pkg} is missing; running: ${install}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let result = spawnSync('sh', ['-c', install], { stdio: 'inherit', env });
    if (result.status !== 0) result = spawnSync('sh', ['-c', `apt-get update && ${install}`], { stdio: 'inherit', env });
    if (result.status === 0 && existsSync(path)) return;
  }
  console.error(`${purpose} needs ${pkg}, which is not at ${path}. Install it with:\n  sudo ${install}`);
  process.exit(1);
}
