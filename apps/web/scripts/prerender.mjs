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
const LANGUAGES = ['es', 'en'];

const { PRERENDERED_PATHS, Prerender, renderSitePage } = await import(pathToFileURL(ssrEntry).href);
const template = readFileSync(join(distDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));

/** The site area's chunk, its static imports and every stylesheet they bring, from Vite's manifest. */
function areaAssets() {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(SITE_AREA);
  if (scripts.size === 0) throw new Error(`${SITE_AREA} is not in the build manifest`);
  // The entry script and its stylesheet are in index.html already.
  const linked = (file) => template.includes(`/${file}"`);
  return { scripts: [...scripts].filter((file) => !linked(file)), styles: [...styles].filter((file) => !linked(file)) };
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(path, rendered, language, assets) {
  const hashGuard =
    path === '/' ? [`<script>${Prerender.hashRouteGuard}</script>`, '<style>[data-hash-route] #root > .site { display: none }</style>'] : [];
  const head = [
    ...hashGuard,
    `<title>${escapeHtml(rendered.title)}</title>`,
    `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
    ...assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    // The root's address also serves the hash links, whose visitors should not fetch the site's code;
    // there the entry script's own preloading starts it one step later.
    ...(path === '/' ? [] : assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)),
  ].join('\n    ');
  const boot = `<script id="${Prerender.bootElementId}" type="application/json">${Prerender.bootMarker}</script>`;
  const html = template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>\n    ${boot}`);
  if (!html.includes(rendered.html)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return html;
}

const assets = areaAssets();
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
