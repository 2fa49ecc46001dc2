// Writes every public site page as HTML with its content, title and description, so a visitor
// sees the page before any script runs. The server fills the company facts in at request time.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inlineScript } from './inline-script.mjs';

// React's production server renderer: the same markup, without development-only checks.
process.env.NODE_ENV = 'production';

const webDir = resolve(import.meta.dirname, '..');
const distDir = join(webDir, 'dist');
const ssrEntry = join(webDir, '.prerender/prerender.js');
const SITE_AREA = 'src/app/site/area.tsx';
const HASH_AREA = 'src/app/hash/area.tsx';
const LANGUAGES = ['es', 'en'];

const { PRERENDERED_PATHS, Prerender, flagFromLanguage, WEB_APP_MANIFEST_PATH, hashRoutes, renderSitePage, HASH_ROUTE_MARKER, PAGE_CHUNKS_ID, renderLandingFrame, LANDING_HERO_ID, PAGE_FRAME_ID, PAGE_FRAME_MARKER } =
  await import(pathToFileURL(ssrEntry).href);
const rootScript = await inlineScript('src/app/site/page-script.inline.ts');
// The server fills the page's markers on every request: one inside the script would break its hash.
if (rootScript.source.includes('__LEND_')) throw new Error("the site root's inline script carries a marker the server fills");
const landingFrame = renderLandingFrame();
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

const entryFile = (() => {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  return entry.file;
})();
const entryScript = new RegExp(`\\s*<script type="module" crossorigin src="/${entryFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>`);
if (!entryScript.test(template)) throw new Error(`index.html does not load ${entryFile}`);

/** JSON for a data block: nothing in it can close the element. */
const dataBlock = (id, value) => `<script id="${id}" type="application/json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * The site root's address also carries the hash links (`/#/…`). Its page requests no script before
 * its first paint: one inline script (app/site/page-script.inline.ts bundled, allowed by its hash)
 * marks a hash link's page (its site markup hidden), paints the promotion landing's frame on a
 * landing link from the hero's markup the landing's own components rendered (a data block), and
 * adds the entry and the chunks it reads from the JSON block before it (data, not script).
 */
function rootHead(language, assets) {
  const chunks = { entry: `/${entryFile}`, site: assets.scripts.map((file) => `/${file}`), ...hashAreaChunks(language) };
  const css =
    `[${HASH_ROUTE_MARKER}] #root > .site{display:none}#${PAGE_FRAME_ID}{display:none}[${PAGE_FRAME_MARKER}] #${PAGE_FRAME_ID}{display:block}` +
    `html[lang=en] #${PAGE_FRAME_ID} [lang=es],html[lang=es] #${PAGE_FRAME_ID} [lang=en]{display:none}` +
    landingFrame.css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*\n\s*/g, '');
  return {
    head: [dataBlock(PAGE_CHUNKS_ID, chunks), `<script>${rootScript.source}</script>`, `<style>${css}</style>`],
    frame: `${landingFrame.html}\n    ${dataBlock(LANDING_HERO_ID, landingFrame.hero)}`,
    scriptHashes: [rootScript.hash],
  };
}

function page(path, rendered, language, assets) {
  // Each market's home page (`/?market=IN`) is the site root too.
  const root = path.split('?')[0] === '/' ? rootHead(language, assets) : null;
  const head = [
    ...(root?.head ?? []),
    `<title>${escapeHtml(rendered.title)}</title>`,
    `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
    // No stylesheet blocks the first paint: the entry's and the site's rules are in the page.
    `<style>${assets.styles.map(readAsset).join('')}</style>`,
    // The root's page adds its scripts itself (above).
    ...(root ? [] : assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)),
  ].join('\n    ');
  const boot = `<script id="${Prerender.bootElementId}" type="application/json">${Prerender.bootMarker}</script>`;
  const html = (root ? template.replace(entryScript, '') : template)
    .replace(stylesheetLink, '')
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    // The site leads into the borrower's journey in the browser (docs/decisions/239): its pages offer the web app of their language's market (240).
    .replace(`href="${WEB_APP_MANIFEST_PATH}"`, `href="${WEB_APP_MANIFEST_PATH}?language=${flagFromLanguage(language)}"`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `${root ? `${root.frame}\n    ` : ''}<div id="root">${rendered.html}</div>\n    ${boot}`);
  if (!html.includes(rendered.html)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return { html, scriptHashes: root?.scriptHashes ?? [] };
}

const entryStyles = [...template.matchAll(stylesheetLink)].map((match) => match[1]);
const area = areaAssets();
const assets = { scripts: area.scripts, styles: [...new Set([...entryStyles, ...area.styles])] };
const written = {};
for (const path of PRERENDERED_PATHS) {
  written[path] = {};
  for (const language of LANGUAGES) {
    const rendered = await renderSitePage(path, language);
    const file = join(Prerender.folder.replace(/^\/|\/$/g, ''), language, `${path.replace(/^\/(?=\?|$)/, '/index').slice(1).replace(/[?=&]/g, '.')}.html`);
    mkdirSync(dirname(join(distDir, file)), { recursive: true });
    const { html, scriptHashes } = page(path, rendered, language, assets);
    writeFileSync(join(distDir, file), html);
    written[path][language] = { file, scriptHashes };
  }
}
writeFileSync(join(distDir, Prerender.manifest), `${JSON.stringify(written, null, 2)}\n`);
console.log(`prerendered ${Object.keys(written).length} pages in ${LANGUAGES.length} languages`);
