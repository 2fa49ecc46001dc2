import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { Theme, WEB_APP_MANIFEST_PATH } from '@lend/contracts';
import { themeStyleRule } from './src/lib/theme';

const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/machine', '/api', '/operator', '/healthz'];

/**
 * The browser chrome colour and the theme's CSS properties come from the shared theme, not from
 * a copy in the HTML; prerendered pages are then themed before any script runs.
 */
function themeColour(): Plugin {
  return {
    name: 'lend-theme-colour',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'theme-color', content: Theme.background }, injectTo: 'head' },
      { tag: 'style', children: themeStyleRule(), injectTo: 'head' },
    ],
  };
}

/**
 * The borrower's pages link the web app's manifest (docs/decisions/240); the back office, built
 * apart, does not. With credentials, so the server can answer the signed-in borrower's market; the
 * build's page writers add each page's language to the address.
 */
function webAppManifestLink(): Plugin {
  return {
    name: 'lend-web-app-manifest',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'manifest', href: WEB_APP_MANIFEST_PATH, crossorigin: 'use-credentials' }, injectTo: 'head' }],
  };
}

/** The site's pictures stay files (cached a year) rather than data inlined into scripts and pages. */
const siteImages = /[\\/]features[\\/]site[\\/]images[\\/]/;

type ModuleGraph = {
  getModuleInfo: (id: string) => {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
};

const sourceModule = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const entryModule = sourceModule('./src/main.tsx');
const areaModules = { borrower: sourceModule('./src/app/borrower/area.tsx'), hash: sourceModule('./src/app/hash/area.tsx') };
/** The app's own code: shell, router, clients, ui, and the contracts and loan rules. */
const sharedCode = /[\\/](apps[\\/]web[\\/]src[\\/](lib|ui|app)|packages[\\/](contracts|domain)[\\/]src)[\\/]/;
// The site's own code and every catalogue (one per area and language) keep their chunks.
const ownChunks = /[\\/]app[\\/]site[\\/]|\.test\./;
const screenModule = /[\\/]features[\\/][^\\/]+[\\/]\w+Screen\.tsx$/;
const hashScreen = /[\\/]features[\\/](card-repayment|promotion)[\\/]/;
const zodModule = /node_modules[\\/]zod[\\/]/;

/**
 * The browser runs the app on preact/compat instead of React (decision 104): about 5 kB instead of
 * 57 kB before any screen's code. The build-time and server renders keep React's `renderToString`;
 * the browser renders over that markup, reusing its elements (`src/app/preact/react-dom-client.ts`).
 */
const preactInTheBrowser = [
  { find: /^react$/, replacement: sourceModule('./src/app/preact/react.ts') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/client$/, replacement: sourceModule('./src/app/preact/react-dom-client.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
];

/** Modules reached from `starts` through static imports, and through dynamic ones too when asked. */
function reach(graph: ModuleGraph, starts: readonly string[], dynamic = false): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    queue.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/**
 * The shared code both areas need, worked out once per build from the module graph: the areas' own
 * static imports (shell, router, texts machinery, toasts) and whatever the screens of both areas
 * import (clients, ui). Left out: what the entry runs itself (the site's first load), whatever is
 * loaded on demand (areas, screens, catalogues), code one area's screens use alone (automatic
 * chunks: the other area never loads it), and schema modules (zod only for the screens that validate).
 */
function sharedAppCode(graph: ModuleGraph): Set<string> {
  const entryCode = reach(graph, [entryModule]);
  const usedBy = new Map<string, Set<'borrower' | 'hash'>>();
  for (const id of reach(graph, Object.values(areaModules))) usedBy.set(id, new Set(['borrower', 'hash']));
  for (const screen of [...reach(graph, [entryModule], true)].filter((id) => screenModule.test(id))) {
    const area = hashScreen.test(screen) ? 'hash' : 'borrower';
    for (const id of reach(graph, [screen])) usedBy.set(id, (usedBy.get(id) ?? new Set()).add(area));
  }
  const shared = new Set<string>();
  for (const [id, areas] of usedBy) {
    const info = graph.getModuleInfo(id);
    if (!info || areas.size < 2 || !sharedCode.test(id) || ownChunks.test(id) || entryCode.has(id)) continue;
    if (info.dynamicImporters.length > 0 || info.importedIds.some((next) => zodModule.test(next))) continue;
    shared.add(id);
  }
  return shared;
}

/**
 * The code every screen needs before its first render in one long-cached chunk instead of a dozen
 * small ones: over HTTP/1.1's six connections each small chunk costs a round trip on a slow phone.
 */
function sharedChunkName(): (id: string, graph: ModuleGraph) => string | null {
  let shared: Set<string> | undefined;
  return (id, graph) => {
    shared ??= sharedAppCode(graph);
    return shared.has(id) ? 'app' : null;
  };
}

/** `vite build --mode backoffice`: the back office's own build, beside the app's in `dist/`. */
export const BACKOFFICE_MODE = 'backoffice';

/**
 * The back office is built apart (docs/decisions/166): the borrower and site build never sees its
 * modules, so none of its code, nor a chunk split off because it shares a module, can reach a
 * borrower's page. It writes into the same `dist/` (without emptying it) with a manifest of its own.
 */
function backofficeBuild(): UserConfig {
  return {
    plugins: [react(), themeColour()],
    resolve: { alias: preactInTheBrowser },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: false,
      manifest: '.vite/backoffice-manifest.json',
      rolldownOptions: { input: { backoffice: sourceModule('./backoffice.html') } },
    },
  };
}

export default defineConfig(({ command, isSsrBuild, mode }) => (mode === BACKOFFICE_MODE ? backofficeBuild() : {
  plugins: [react(), themeColour(), webAppManifestLink()],
  // The server renders borrower screens with the build-time bundle (src/app/borrower/shell.tsx):
  // it carries its own production React, whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, ssr: { noExternal: true } } : {}),
  // The dev server keeps React for its fast refresh; the browser tests run the build, on Preact.
  ...(command === 'build' && !isSsrBuild ? { resolve: { alias: preactInTheBrowser } } : {}),
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // scripts/prerender.mjs reads it to link the site area's styles and scripts from each page.
    manifest: true,
    assetsInlineLimit: (file) => (siteImages.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React (Preact and its compat layer in the browser) changes rarely: one long-cached chunk
            // shared by the areas. Routing is our own (lib/router); a third-party router stays with
            // whichever area still imports it.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|preact)[\\/]|[\\/]app[\\/]preact[\\/]/ },
            // Only screens that validate answers need zod; keep it out of the areas' shared code.
            { name: 'zod', test: zodModule },
            // The build-time renders (prerendered pages) load from disk: only the browser's build is grouped.
            ...(isSsrBuild ? [] : [{ name: sharedChunkName(), debugName: 'app', includeDependenciesRecursively: false }]),
          ],
        },
      },
    },
  },
}));
