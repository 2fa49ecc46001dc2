import { LanguageFlag, Prerender } from '@lend/contracts';
import { landingFrameSource } from '../../features/promotion/landing-frame';

/**
 * The site root's one inline script (docs/decisions/088, 098). The root's address also carries the
 * hash links (`/#/…`), which the server cannot see. The page loads no script before its first
 * paint: a request finished before it counts against it on a slow phone. Then:
 * - on the site root, the entry and the site area's chunk, once the page has painted;
 * - on a hash link, the page is marked (its site markup hidden, its language the link's), the hash
 *   area's chunks and the screen's are preloaded at once and the entry follows the parse;
 * - on a promotion landing, the frame asks for the landing's answers and paints them first, and
 *   every chunk waits until the banner is on screen (or `waitMs` has passed).
 * The chunks are listed by the build in the JSON element `Prerender.hashChunksElementId`
 * (`{ entry, site, area, screens: { path: [...] } }`).
 */
export type PageScriptsPlan = { dataId: string; hashMarker: string; englishFlag: string; waitMs: number; shownMs: number };

type PageChunks = { entry: string; site: string[]; area: string[]; screens: Record<string, string[] | undefined> };

/** Must stay self-contained: the page carries its source. */
export function loadPageScripts(plan: PageScriptsPlan, startLanding: (parsed: Promise<void>) => Promise<string | undefined> | undefined): void {
  const chunks = JSON.parse(document.getElementById(plan.dataId)?.textContent ?? '') as PageChunks;
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
  // milliseconds later: the paint's own performance entry comes once it is (at most `shownMs`).
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
    setTimeout(go, plan.shownMs);
  };
  const hash = location.hash;
  if (hash.slice(0, 2) !== '#/') {
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
  html.setAttribute(plan.hashMarker, '');
  const mark = hash.indexOf('?');
  // The language as the app reads it: the hash route's query wins over the search string.
  const language = new URLSearchParams(mark === -1 ? '' : hash.slice(mark)).get('language') ?? new URLSearchParams(location.search).get('language');
  html.lang = (language ?? '').trim() === plan.englishFlag ? 'en' : 'es';
  const files = chunks.area.concat(chunks.screens[(mark === -1 ? hash : hash.slice(0, mark)).slice(1)] ?? []);
  const framed = startLanding(parsed);
  if (!framed) {
    add(files);
    void parsed.then(addEntry);
    return;
  }
  const waited = new Promise<undefined>((resolve) => setTimeout(resolve, plan.waitMs));
  const load = () => {
    add(files);
    addEntry();
  };
  void parsed
    .then(() => Promise.race([framed, waited]))
    .then((banner) => (banner ? shown('largest-contentful-paint', (entry) => Reflect.get(entry, 'url') === banner, load) : afterPaint(load)));
}

export function pageScriptsPlan(): PageScriptsPlan {
  return { dataId: Prerender.hashChunksElementId, hashMarker: 'data-hash-route', englishFlag: LanguageFlag.English, waitMs: 3000, shownMs: 1000 };
}

/** The inline script of the site root's page. */
export const pageScriptsSource = () => `(${loadPageScripts.toString()})(${JSON.stringify(pageScriptsPlan())},${landingFrameSource()})`;
