// Writes, after `vite build`, one page per borrower screen and language: the screen's frame in its
// loading state (painted before any script runs, styled by its stylesheets inlined), the inline
// script that starts its first call, and the one that loads the screen's scripts once it has painted.
// The server answers each screen's address with its page (apps/server/src/web/borrower-shells.ts).
// Beside them, the web app's pieces (docs/decisions/240): each market's manifest, the service worker's
// offline page in each language, and the worker itself told the borrower screens' addresses.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineScript } from './inline-script.mjs';

process.env.NODE_ENV = 'production';

const webDir = resolve(import.meta.dirname, '..');
const distDir = join(webDir, 'dist');
const LANGUAGES = ['es', 'en'];
const ENTRY = 'index.html';
const BORROWER_AREA = 'src/app/borrower/area.tsx';

const shells = await import(pathToFileURL(join(webDir, '.prerender/shells/shell.js')).href);
const { Prerender, SHELL_MARKER, SCREEN_MARKER, EMBEDDED_ANSWERS_ID, WEB_APP_MANIFEST_PATH, OFFLINE_PAGES, APP_ICONS, flagFromLanguage } = shells;
/** Where the server fills a screen's page rendered with its data (apps/server/src/web/borrower-shells.ts). */
const MARKERS = { title: '<!--lend:title-->', screen: '<!--lend:screen-->', answers: '<!--lend:answers-->' };
const template = readFileSync(join(distDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));

/** Chunks from the manifest keys and everything they import statically, with their stylesheets. */
function closure(keys) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

const entry = manifest[ENTRY];
const entryStyles = entry.css ?? [];
// The entry's stylesheet is the frame's: inlined, it blocks nothing.
const criticalCss = entryStyles.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
const withoutEntryStyles = entryStyles.reduce((html, file) => {
  const link = new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
  if (!link.test(html)) throw new Error(`index.html does not link ${file}`);
  return html.replace(link, '');
}, template);

const hashOf = (source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

/** The manifest keys of the chunks a screen needs first: entry, area, screen, the area's texts in the page's language. */
const firstChunks = (route, language) => [ENTRY, BORROWER_AREA, `src/features/${route.screen}.tsx`, `src/locales/areas/borrower.${language}.ts`];

const entryScript = new RegExp(`\\s*<script type="module" crossorigin src="/${entry.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>`);
if (!entryScript.test(template)) throw new Error(`index.html does not load ${entry.file}`);

const manifestLink = `href="${WEB_APP_MANIFEST_PATH}"`;
if (!template.includes(manifestLink)) throw new Error(`index.html does not link ${WEB_APP_MANIFEST_PATH}`);

/** The page in its language: `<html lang>`, and the manifest asked for in it (the server answers that language's market to a visitor without a session). */
const inLanguage = (html, language) =>
  html
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(manifestLink, `href="${WEB_APP_MANIFEST_PATH}?language=${flagFromLanguage(language)}"`);

/** The frame's stylesheets: the entry's, the area's and the screen's, all inlined; a page makes no request before it paints. */
function inlinedStyles(assets) {
  return [criticalCss, ...assets.styles.filter((file) => !entryStyles.includes(file)).map((file) => readFileSync(join(distDir, file), 'utf8'))].join('\n');
}

/**
 * The stylesheets inlined above, listed but disabled (never fetched): the chunks' code, which links
 * its stylesheets when it loads, finds them linked and adds nothing to restyle the page.
 */
const disabledStylesheets = (assets) => assets.styles.map((file) => `\n    <link rel="stylesheet" crossorigin href="/${file}" disabled />`).join('');

/**
 * One inline script that, once the page has painted, adds the entry and the preloads of every chunk
 * the screen needs: module preloads in the head hold a slow phone's first paint back until they are
 * fetched (docs/decisions/240).
 */
function afterPaintLoader(assets) {
  const scripts = [entry.file, ...assets.scripts.filter((file) => file !== entry.file)].map((file) => `/${file}`);
  return (
    'requestAnimationFrame(function(){setTimeout(function(){' +
    `${JSON.stringify(scripts)}.forEach(function(f,i){var e=document.createElement(i?'link':'script');` +
    "if(i){e.rel='modulepreload';e.href=f}else{e.type='module';e.src=f}e.crossOrigin='';document.head.appendChild(e)})},0)})"
  );
}

/**
 * A screen's frame page: its loading state painted from the HTML with its styles inlined, then the
 * screen's scripts loaded by the after-paint loader. The screen's first call, when it has one,
 * starts first in the head, before the page paints: its answer is what the screen waits for.
 */
function page(route, language, rendered, prefetch) {
  const assets = closure(firstChunks(route, language));
  const loader = afterPaintLoader(assets);
  const early = [
    ...(prefetch ? [`<script>${prefetch}</script>`] : []),
    `<title>${rendered.titleHtml}</title>`,
    `<style>${inlinedStyles(assets)}</style>${disabledStylesheets(assets)}`,
  ];
  const root = `<div id="root" ${SHELL_MARKER}>${rendered.html}</div>`;
  const html = inLanguage(withoutEntryStyles.replace(entryScript, ''), language)
    .replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${early.join('\n    ')}`)
    .replace('<div id="root"></div>', `${root}\n    <script>${loader}</script>`);
  if (!html.includes(root)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return { html, scriptHashes: [...(prefetch ? [hashOf(prefetch)] : []), hashOf(loader)] };
}

/**
 * The page the server fills with the screen rendered with its data (markers below), and that data
 * for the browser (a JSON block, never run). Everything the first paint shows is in it: the
 * screen's and area's styles inlined with the entry's, no request of any kind before the first
 * paint (a request made before it counts against it on a slow phone). One inline script, once the
 * page has painted, adds the entry and the preloads of every chunk the screen needs.
 */
function screenTemplate(route, language) {
  const assets = closure(firstChunks(route, language));
  const loader = afterPaintLoader(assets);
  const html = inLanguage(withoutEntryStyles.replace(entryScript, ''), language)
    .replace(/(<meta name="viewport"[^>]*>)/, `$1\n    <title>${MARKERS.title}</title>\n    <style>${inlinedStyles(assets)}</style>${disabledStylesheets(assets)}`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" ${SHELL_MARKER} ${SCREEN_MARKER}>${MARKERS.screen}</div>\n    ` +
        `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${MARKERS.answers}</script>\n    <script>${loader}</script>`,
    );
  if (!html.includes(MARKERS.screen)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return { html, scriptHashes: [hashOf(loader)] };
}

/** Writes a file the server sends as it is, with its brotli and gzip copies beside it. */
function writeCompressed(file, text) {
  const raw = Buffer.from(text);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, raw);
  writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
}

/**
 * The service worker's offline page (docs/decisions/240): the app's bar and a card saying the screen
 * needs the network, styled by the entry's stylesheet inlined, no script and no data. Its one link is
 * the page's own address, which in the worker's answer is the screen the borrower asked for.
 */
function offlinePage(language) {
  const rendered = shells.renderOffline(language);
  const style = '.offline{display:grid;gap:16px}.offline p{margin:0}';
  return inLanguage(withoutEntryStyles.replace(entryScript, ''), language)
    .replace(/(<meta name="viewport"[^>]*>)/, `$1\n    <title>${rendered.titleHtml}</title>\n    <style>${criticalCss}\n${style}</style>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
}

const folder = dirname(Prerender.shells);
const written = {};
const skipped = [];
for (const route of shells.shellRoutes) {
  const rendered = {};
  try {
    for (const language of LANGUAGES) rendered[language] = await shells.renderShell(route, language);
  } catch (error) {
    // A screen that reads the window while rendering has no frame; its address keeps the plain page.
    skipped.push(`${route.path} (${error.message})`);
    continue;
  }
  written[route.path] = {};
  const plans = shells.prefetchPlansFor(route);
  const prefetch = plans ? (await inlineScript('src/lib/prefetch.inline.ts', { PREFETCH_PLANS: plans })).source : null;
  for (const language of LANGUAGES) {
    const { html, scriptHashes } = page(route, language, rendered[language], prefetch);
    const file = join(folder, language, `${route.path.slice(1)}.html`);
    writeCompressed(join(distDir, file), html);
    written[route.path][language] = { file, scriptHashes };
    if (shells.rendersWithData(route)) {
      const screenFile = join(folder, language, `${route.path.slice(1)}.screen.html`);
      const screen = screenTemplate(route, language);
      writeFileSync(join(distDir, screenFile), screen.html);
      written[route.path][language].screen = { file: screenFile, markers: MARKERS, scriptHashes: screen.scriptHashes };
    }
  }
}
writeFileSync(join(distDir, Prerender.shells), `${JSON.stringify(written, null, 2)}\n`);

// The web app (docs/decisions/240): each market's manifest, which the server answers, its icons checked present.
const manifests = shells.webAppManifests();
for (const icon of APP_ICONS) if (!existsSync(join(distDir, icon.src))) throw new Error(`${icon.src} is missing: run node apps/web/scripts/app-icons.mjs`);
writeFileSync(join(distDir, Prerender.webAppManifests), `${JSON.stringify(manifests, null, 2)}\n`);

// The offline pages, and the worker told the borrower screens' addresses and the offline pages' version.
const offline = LANGUAGES.map((language) => [OFFLINE_PAGES[language], offlinePage(language)]);
for (const [path, html] of offline) writeCompressed(join(distDir, path), html);
const offlineVersion = createHash('sha256').update(offline.map(([, html]) => html).join('\n')).digest('hex').slice(0, 12);
const workerFile = join(distDir, 'sw.js');
const worker = readFileSync(workerFile, 'utf8');
for (const path of Object.values(OFFLINE_PAGES)) if (!worker.includes(path)) throw new Error(`sw.js does not precache ${path}`);
const screenPaths = shells.shellRoutes.map((route) => route.path);
const filled = worker
  .replace('/* lend:borrower-screens */ []', JSON.stringify(screenPaths))
  .replace("/* lend:offline-version */ 'dev'", JSON.stringify(offlineVersion));
if (!filled.includes(offlineVersion) || !filled.includes(JSON.stringify(screenPaths))) throw new Error('sw.js has no markers for the borrower screens and the offline version');
writeCompressed(workerFile, filled);
console.log(`borrower shells: ${Object.keys(written).length} screens in ${LANGUAGES.length} languages`);
if (skipped.length > 0) console.log(`without a shell: ${skipped.join(', ')}`);
