import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Prerender, type BorrowerShellFile, type Language, type RenderedScreen, type ScreenRequest } from '@lend/contracts';
import { scriptText, type Encoding } from './prerendered-pages';

type Manifest = Record<string, Record<Language, BorrowerShellFile>>;

export type BorrowerShell = { body: Buffer; scriptHashes: readonly string[] };

export type BorrowerShells = {
  has: (path: string) => boolean;
  /** The screen's page in the language, as the build compressed it. */
  page: (path: string, language: Language, encoding: Encoding) => BorrowerShell;
  /** Whether the screen has a page the server fills with the screen rendered with its data. */
  rendersWithData: (path: string) => boolean;
  /** That page, filled, with the hashes of its inline scripts. */
  screenPage: (path: string, language: Language, rendered: RenderedScreen) => { html: string; scriptHashes: readonly string[] };
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
  const readOnce = (file: string) => {
    let body = read.get(file);
    if (!body) {
      body = readFileSync(file);
      read.set(file, body);
    }
    return body;
  };
  return {
    has: (path) => Object.hasOwn(manifest, path),
    page: (path, language, encoding) => {
      const shell = manifest[path]?.[language];
      if (!shell) throw new Error(`no borrower shell for ${path}`);
      return { body: readOnce(join(webDistDir, `${shell.file}${SUFFIX[encoding]}`)), scriptHashes: shell.scriptHashes };
    },
    rendersWithData: (path) => manifest[path]?.en.screen !== undefined && manifest[path]?.es.screen !== undefined,
    screenPage: (path, language, rendered) => {
      const template = manifest[path]?.[language].screen;
      if (!template) throw new Error(`no borrower screen page for ${path}`);
      const parts: Record<string, string> = {
        [template.markers.title]: rendered.titleHtml,
        [template.markers.screen]: rendered.html,
        [template.markers.answers]: scriptText(rendered.answers),
      };
      // Each marker once, in one pass: nothing filled in is read again as a marker.
      const markers = new RegExp(Object.keys(parts).map((marker) => marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
      const html = readOnce(join(webDistDir, template.file))
        .toString('utf8')
        .replace(markers, (marker) => parts[marker] ?? marker);
      return { html, scriptHashes: template.scriptHashes };
    },
  };
}

/**
 * The web build's server render of the borrower screens (`vite build --ssr src/app/borrower/shell.tsx`):
 * a built file beside the web build, loaded at run time, never imported as source.
 */
export type ScreenRenderer = {
  /** The first call the screen's page makes at this address (`search` with its `?`), or null. */
  firstCall: (path: string, search: string) => ScreenRequest | null;
  /** The screen rendered with that call's `data`; throws when it cannot render outside a browser. */
  render: (path: string, search: string, language: Language, data: unknown) => RenderedScreen;
};

type RendererModule = {
  whenReady: () => Promise<unknown>;
  routeOf: (path: string) => object | undefined;
  firstCallRequest: (route: object, search: string) => ScreenRequest | null;
  renderScreen: (route: object, search: string, language: Language, data: unknown) => RenderedScreen;
};

const isRendererModule = (value: Record<string, unknown>): value is Record<string, unknown> & RendererModule =>
  ['whenReady', 'routeOf', 'firstCallRequest', 'renderScreen'].every((name) => typeof value[name] === 'function');

/** Where the web build leaves its server render, relative to its `dist` folder. */
export const SCREEN_RENDERER_FILE = '../.prerender/shells/shell.js';

/**
 * Loads the server render on first use (a few hundred kilobytes of code the server needs only for
 * borrower pages); resolves to null when the build has none.
 */
export function screenRendererLoader(webDistDir: string): () => Promise<ScreenRenderer | null> {
  let loading: Promise<ScreenRenderer | null> | undefined;
  const load = async (): Promise<ScreenRenderer | null> => {
    const file = join(webDistDir, SCREEN_RENDERER_FILE);
    if (!existsSync(file)) return null;
    const loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    if (!isRendererModule(loaded)) return null;
    await loaded.whenReady();
    const route = (path: string) => {
      const found = loaded.routeOf(path);
      if (!found) throw new Error(`${path} is not a borrower screen`);
      return found;
    };
    return {
      firstCall: (path, search) => loaded.firstCallRequest(route(path), search),
      render: (path, search, language, data) => loaded.renderScreen(route(path), search, language, data),
    };
  };
  return () => (loading ??= load());
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
