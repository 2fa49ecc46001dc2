import { detectArea, type Area } from './app/detect-area';
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

const area = detectArea(window.location);
const container = document.getElementById('root');
applyTheme();
// The site root arrives prerendered, and hash links share its address: only the site keeps that markup.
if (container && area !== 'site') container.replaceChildren();
if (container) void areas[area]().then(({ mount }) => mount(container));

// A same-document jump between areas (site root to `/#/…`) changes only the hash: start over.
window.addEventListener('hashchange', () => {
  if (detectArea(window.location) !== area) window.location.reload();
});

registerServiceWorker();
