// Writes, after `vite build`, one page per borrower screen and language: the screen's frame in its
// loading state (painted before any script runs, styled by its stylesheets inlined), the inline
// script that starts its first call, and the one that loads the screen's scripts once it has painted.
// The server answers each screen's address with its page (apps/server/src/web/borrower-shells.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const { Prerender, SHELL_MARKER, SCREEN_MARKER, EMBEDDED_ANSWERS_ID } = shells;
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

/** The page in its language. */
const inLanguage = (html, language) => html.replace(/<html lang="[^"]*">/, `<html lang="${language}">`);

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
console.log(`borrower shells: ${Object.keys(written).length} screens in ${LANGUAGES.length} languages`);
if (skipped.length > 0) console.log(`without a shell: ${skipped.join(', ')}`);
