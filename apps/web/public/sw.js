/* global self, caches */
/* Service worker (docs/decisions/012). Caches only content-hashed build files: their names change with
 * their content, so a cached copy can never be stale. API answers and HTML always go to the
 * network, so a borrower never sees an old balance or an old page shell. */
const CACHE = 'lend-assets-v1';
const ASSET_PREFIX = '/assets/';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function isHashedAsset(request) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === self.location.origin && url.pathname.startsWith(ASSET_PREFIX);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  // Anything else (/machine, /api, /operator, pages) is left to the browser untouched.
  if (isHashedAsset(event.request)) event.respondWith(cacheFirst(event.request));
});
