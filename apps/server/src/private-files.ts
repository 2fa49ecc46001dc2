import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the server keeps on disk (the embedded database, uploads, the operator token) is its
 * user's alone: folders 0700 and files 0600 whatever the umask, and whatever mode an earlier
 * version or the embedded database's own file layer gave them (PGlite writes 0666 files).
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Whether the folder exists and only its owner may enter it. */
export function isPrivateFolder(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isDirectory() && (stat.mode & 0o777) === PRIVATE_FOLDER_MODE;
  } catch {
    return false;
  }
}

/** Creates the folder (and missing parents) for the owner alone; an existing folder is closed to others too. */
export function privateFolderSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    chmodSync(path, PRIVATE_FOLDER_MODE);
  } catch (error) {
    if (!notOurs(error)) throw error;
  }
}

export async function privateFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(path, PRIVATE_FOLDER_MODE).catch((error: unknown) => {
    if (!notOurs(error)) throw error;
  });
}

/**
 * A folder another user owns (a mounted volume the server may only write to) cannot be changed:
 * its mode is its owner's choice, and the server still starts.
 */
function notOurs(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EPERM';
}

/** Sets every folder under `root` (itself included) to 0700 and every file to 0600; symbolic links are left alone. */
export function privateTreeSync(root: string): void {
  const stat = lstatSync(root);
  if (stat.isSymbolicLink()) return;
  const wanted = stat.isDirectory() ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o777) !== wanted) chmodSync(root, wanted);
  if (stat.isDirectory()) for (const entry of readdirSync(root)) privateTreeSync(join(root, entry));
}
