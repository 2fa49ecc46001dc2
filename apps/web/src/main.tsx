import { detectArea, type Area } from './app/detect-area';
import { SHELL_MARKER } from './app/shell-marker';
import { registerServiceWorker } from './lib/service-worker';
import { applyTheme } from './lib/theme';
import './ui/base.css';

type AreaModule = { mount: (container: HTMLElement) => void | Promise<void> };

// Each area is its own chunk: a borrower never downloads the site, nor a visitor the app.
const areas: Record<Area, () => Promise<AreaModule>> = {
  hash: () => import('./app/hash/area'),
  site: () => import('./app/site/area'),
  borrower: () => import('./app/borrower/area'),
};

/** Resolves once the page has painted: a screen's frame shows before the area's code runs. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const area = detectArea(window.location);
const container = document.getElementById('root');
applyTheme();
// The site root arrives prerendered, and hash links share its address: only the site keeps that markup.
// A borrower screen's frame stays until the screen renders in its place.
const framed = container?.hasAttribute(SHELL_MARKER) ?? false;
if (container && area !== 'site' && !framed) container.replaceChildren();
if (container) void (framed ? afterFirstPaint() : Promise.resolve()).then(areas[area]).then(({ mount }) => mount(container));

// A same-document jump between areas (site root to `/#/…`) changes only the hash: start over.
window.addEventListener('hashchange', () => {
  if (detectArea(window.location) !== area) window.location.reload();
});

registerServiceWorker();
