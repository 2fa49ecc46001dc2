// Bundles a module of the web app into one inline script for a prerendered page: the page runs it
// before any module has loaded, and the page's Content-Security-Policy allows it by its hash.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const webDir = resolve(import.meta.dirname, '..');

/**
 * `entry`: the module, relative to apps/web, that runs the script; `globals`: values it reads as
 * declared globals (JSON). Returns the minified source and its CSP source expression.
 */
export async function inlineScript(entry, globals = {}) {
  const result = await build({
    entryPoints: [join(webDir, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    // Contracts' lists derived from their tables, unused by the script, go with the tables.
    pure: ['Object.values', 'Object.keys', 'Object.entries', 'Object.fromEntries'],
    logLevel: 'silent',
    define: Object.fromEntries(Object.entries(globals).map(([name, value]) => [name, JSON.stringify(value)])),
  });
  const source = result.outputFiles[0].text.trim();
  return { source, hash: `'sha256-${createHash('sha256').update(source).digest('base64')}'` };
}
