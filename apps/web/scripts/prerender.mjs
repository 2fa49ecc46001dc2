// Writes every public site page as HTML with its content, title and description, so a visitor
// sees the page before any script runs. The server fills the company facts in at request time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// React's production server renderer: the same markup, without development-only checks.
process.env.NODE_ENV = 'production';

const webDir = resolve(import.meta.dirname, '..');
const distDir = join(webDir, 'dist');
const ssrEntry = join(webDir, '.prerender/prerender.js');
const SITE_AREA = 'src/app/site/area.tsx';
const HASH_AREA = 'src/app/hash/area.tsx';
const LANGUAGES = ['es', 'en'];

const { PRERENDERED_PATHS, Prerender, hashRoutes, renderSitePage } = await import(pathToFileURL(ssrEntry).href);
const template = readFileSync(join(distDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));

/**
 * The site area's first chunk and its static imports (from Vite's manifest), and every stylesheet
 * of the site's code, including what it loads later: pages inline them all.
 */
function areaAssets() {
  const scripts = new Set();
  const styles = new Set();
  const seen = new Set();
  const visit = (key, isStatic) => {
    const chunk = manifest[key];
    // The entry (index.html) is in every page already, and through it every area is reachable.
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    if (isStatic) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, isStatic);
    for (const imported of chunk.dynamicImports ?? []) visit(imported, false);
  };
  visit(SITE_AREA, true);
  if (scripts.size === 0) throw new Error(`${SITE_AREA} is not in the build manifest`);
  return { scripts: [...scripts], styles: [...styles] };
}

const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>\s*/g;
const readAsset = (file) => readFileSync(join(distDir, file), 'utf8').trim();

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The hash area's first chunks (area, its static imports, the catalogue in the page's language) and,
 * per hash route, its screen's chunks beyond those; the entry is in the page already.
 */
function hashAreaChunks(language) {
  const closure = (keys, known = new Set()) => {
    const scripts = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest`);
      const file = `/${chunk.file}`;
      if (chunk.isEntry || known.has(file) || scripts.has(file)) return;
      scripts.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return scripts;
  };
  const area = closure([HASH_AREA, `src/locales/areas/hash.${language}.ts`]);
  const screens = Object.fromEntries(hashRoutes.map((route) => [route.path, [...closure([`src/features/${route.screen}.tsx`], area)]]));
  return { area: [...area], screens };
}

function page(path, rendered, language, assets) {
  // The root's address also carries the hash links: the guard hides the site's markup for them and
  // preloads the hash area's chunks it reads from this list (data, not script: the guard's hash
  // in the server's policy stays the same every build).
  const hashChunks = `<script id="${Prerender.hashChunksElementId}" type="application/json">${JSON.stringify(hashAreaChunks(language))}</script>`;
  const hashGuard =
    path === '/' ? [hashChunks, `<script>${Prerender.hashRouteGuard}</script>`, '<style>[data-hash-route] #root > .site { display: none }</style>'] : [];
  const head = [
    ...hashGuard,
    `<title>${escapeHtml(rendered.title)}</title>`,
    `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
    // No stylesheet blocks the first paint: the entry's and the site's rules are in the page.
    `<style>${assets.styles.map(readAsset).join('')}</style>`,
    // The root's address also serves the hash links, whose visitors should not fetch the site's code;
    // there the entry script's own preloading starts it one step later.
    ...(path === '/' ? [] : assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)),
  ].join('\n    ');
  const boot = `<script id="${Prerender.bootElementId}" type="application/json">${Prerender.bootMarker}</script>`;
  const html = template
    .replace(stylesheetLink, '')
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>\n    ${boot}`);
  if (!html.includes(rendered.html)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return html;
}

const entryStyles = [...template.matchAll(stylesheetLink)].map((match) => match[1]);
const area = areaAssets();
const assets = { scripts: area.scripts, styles: [...new Set([...entryStyles, ...area.styles])] };
const written = {};
for (const path of PRERENDERED_PATHS) {
  written[path] = {};
  for (const language of LANGUAGES) {
    const rendered = await renderSitePage(path, language);
    const file = join(Prerender.folder.replace(/^\/|\/$/g, ''), language, `${path === '/' ? 'index' : path.slice(1)}.html`);
    mkdirSync(dirname(join(distDir, file)), { recursive: true });
    writeFileSync(join(distDir, file), page(path, rendered, language, assets));
    written[path][language] = file;
  }
}
writeFileSync(join(distDir, Prerender.manifest), `${JSON.stringify(written, null, 2)}\n`);
console.log(`prerendered ${Object.keys(written).length} pages in ${LANGUAGES.length} languages`);
