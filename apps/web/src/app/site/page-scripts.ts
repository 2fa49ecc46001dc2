import { languageFromFlag } from '@lend/contracts';
import { addressQuery, isHashRoute, parseHashRoute } from '../../lib/hash-route';

/**
 * The site root's one inline script (docs/decisions/088, 098, 101), bundled by the build from
 * `page-script.inline.ts`. The root's address also carries the
 * hash links (`/#/…`), which the server cannot see. The page loads no script before its first
 * paint: a request finished before it counts against it on a slow phone. Then:
 * - on the site root, the entry and the site area's chunk, once the page has painted;
 * - on a hash link, the page is marked (its site markup hidden, its language the link's), the hash
 *   area's chunks and the screen's are preloaded at once and the entry follows the parse;
 * - on a promotion landing, the frame asks for the landing's answers and paints them first, and
 *   every chunk waits until the banner is on screen (or `LANDING_WAIT_MS` has passed).
 * The chunks are listed by the build in the JSON element `PAGE_CHUNKS_ID`
 * (`{ entry, site, area, screens: { path: [...] } }`).
 */
/** The page's data block listing the chunks. */
export const PAGE_CHUNKS_ID = 'hash-area-chunks';
/** Set on `<html>` on a hash link: the page's CSS hides the site's markup then. */
export const HASH_ROUTE_MARKER = 'data-hash-route';
/** The longest the landing's chunks wait for its banner. */
export const LANDING_WAIT_MS = 3000;
/** The longest the scripts wait for a paint's performance entry. */
const SHOWN_MS = 1000;

/** Paints the landing's frame (features/promotion/landing-frame.ts); resolves with the banner's address once drawn. */
export type StartLanding = (parsed: Promise<void>) => Promise<string | undefined> | undefined;

type PageChunks = { entry: string; site: string[]; area: string[]; screens: Record<string, string[] | undefined> };

export function loadPageScripts(startLanding: StartLanding): void {
  const chunks = JSON.parse(document.getElementById(PAGE_CHUNKS_ID)?.textContent ?? '') as PageChunks;
  // One element per task: each preload costs the main thread a few milliseconds on a slow phone,
  // and together they made one long task.
  const add = (files: readonly string[]) =>
    files.forEach((file) =>
      setTimeout(() => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = file;
        document.head.appendChild(link);
      }, 0),
    );
  const addEntry = () =>
    setTimeout(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = chunks.entry;
      document.head.appendChild(script);
    }, 0);
  // The entry finds `#root` only once the page is parsed.
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
    else resolve();
  });
  const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
  // A frame's callbacks run before that frame is on screen, and under load it shows tens of
  // milliseconds later: the paint's own performance entry comes once it is (at most `SHOWN_MS`).
  const shown = (type: string, match: (entry: PerformanceEntry) => boolean, then: () => void) => {
    let done = false;
    const supported = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).indexOf(type) !== -1;
    const observer = supported ? new PerformanceObserver((list) => list.getEntries().some(match) && go()) : undefined;
    const go = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      then();
    };
    if (!observer) return afterPaint(go);
    observer.observe({ type, buffered: true });
    setTimeout(go, SHOWN_MS);
  };
  if (!isHashRoute(location.hash)) {
    void parsed.then(() =>
      shown(
        'paint',
        (entry) => entry.name === 'first-contentful-paint',
        () => {
          add(chunks.site);
          addEntry();
        },
      ),
    );
    return;
  }
  const html = document.documentElement;
  html.setAttribute(HASH_ROUTE_MARKER, '');
  // The language as the app reads it: the hash route's query wins over the search string.
  html.lang = languageFromFlag(addressQuery(location).get('language'));
  const files = chunks.area.concat(chunks.screens[parseHashRoute(location.hash).pathname] ?? []);
  const framed = startLanding(parsed);
  if (!framed) {
    add(files);
    void parsed.then(addEntry);
    return;
  }
  const waited = new Promise<undefined>((resolve) => setTimeout(resolve, LANDING_WAIT_MS));
  const load = () => {
    add(files);
    addEntry();
  };
  void parsed
    .then(() => Promise.race([framed, waited]))
    .then((banner) => (banner ? shown('largest-contentful-paint', (entry) => Reflect.get(entry, 'url') === banner, load) : afterPaint(load)));
}
