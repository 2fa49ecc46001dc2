/* global self, caches */
/* Service worker (docs/decisions/012, 240). Caches only content-hashed build files, whose names change
 * with their content so a cached copy can never be stale, and the offline page, kept at install. API
 * answers and the borrower's pages always go to the network, so a borrower never sees an old balance
 * or an old page shell; only when the network fails does a borrower screen's address answer the
 * offline page, which shows no data. */
const CACHE = 'lend-v2';
const ASSET_PREFIX = '/assets/';
/* The build fills these two (scripts/borrower-shells.mjs): the borrower screens' addresses, and a hash of
 * the offline pages, so that a change of either is a new worker that precaches them again. */
const BORROWER_SCREENS = new Set(/* lend:borrower-screens */ []);
const OFFLINE_VERSION = /* lend:offline-version */ 'dev';
/** The offline page in each language, as the build wrote it (scripts/borrower-shells.mjs). */
const OFFLINE_PAGES = { es: `/offline/es.html?v=${OFFLINE_VERSION}`, en: `/offline/en.html?v=${OFFLINE_VERSION}` };

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // `reload`: the pages as the server has them now, never a copy from the browser's HTTP cache.
      .then((cache) => cache.addAll(Object.values(OFFLINE_PAGES).map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function isHashedAsset(request, url) {
  return request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(ASSET_PREFIX);
}

function isBorrowerScreen(request, url) {
  if (request.mode !== 'navigate' || request.method !== 'GET' || url.origin !== self.location.origin) return false;
  const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  return BORROWER_SCREENS.has(path);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** The page's language as its address names it (`language=1` English, else Spanish), else the browser's. */
function offlineLanguage(url) {
  const flag = url.searchParams.get('language');
  if (flag !== null) return flag === '1' ? 'en' : 'es';
  return /^en\b/i.test(self.navigator.language) ? 'en' : 'es';
}

/** The network's answer, whatever it is; the offline page only when there is no answer at all. Nothing is stored. */
async function networkElseOffline(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGES[offlineLanguage(url)], { cacheName: CACHE });
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (isHashedAsset(event.request, url)) event.respondWith(cacheFirst(event.request));
  else if (isBorrowerScreen(event.request, url)) event.respondWith(networkElseOffline(event.request, url));
  // Anything else (/machine, /api, /operator, webhooks, the site's pages) is left to the browser untouched.
});
