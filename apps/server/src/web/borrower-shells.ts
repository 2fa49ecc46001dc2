import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Prerender, type Language } from '@lend/contracts';
import type { Encoding } from './prerendered-pages';

type ShellFile = { file: string; scriptHashes: string[] };
type Manifest = Record<string, Record<Language, ShellFile>>;

export type BorrowerShell = { body: Buffer; scriptHashes: readonly string[] };

export type BorrowerShells = {
  has: (path: string) => boolean;
  /** The screen's page in the language, as the build compressed it. */
  page: (path: string, language: Language, encoding: Encoding) => BorrowerShell;
};

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

/**
 * The borrower screens' pages the web build wrote (scripts/borrower-shells.mjs), or null when the
 * build has none. Files are read on first use and kept: they never change while the server runs.
 */
export function loadBorrowerShells(webDistDir: string): BorrowerShells | null {
  const manifestFile = join(webDistDir, Prerender.shells);
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const read = new Map<string, Buffer>();
  return {
    has: (path) => Object.hasOwn(manifest, path),
    page: (path, language, encoding) => {
      const shell = manifest[path]?.[language];
      if (!shell) throw new Error(`no borrower shell for ${path}`);
      const file = join(webDistDir, `${shell.file}${SUFFIX[encoding]}`);
      let body = read.get(file);
      if (!body) {
        body = readFileSync(file);
        read.set(file, body);
      }
      return { body, scriptHashes: shell.scriptHashes };
    },
  };
}

/** The page's Content-Security-Policy with its own inline scripts allowed by their hashes. */
export function allowingScripts(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  const directives = policy.split(';').map((directive) => directive.trim());
  const at = directives.findIndex((directive) => directive.split(/\s+/)[0] === 'script-src');
  if (at === -1) return [...directives, `script-src 'self' ${hashes.join(' ')}`].join(';');
  directives[at] = `${directives[at]} ${hashes.join(' ')}`;
  return directives.join(';');
}
