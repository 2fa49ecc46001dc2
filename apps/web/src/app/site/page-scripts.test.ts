import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANDING_WAIT_MS, loadPageScripts } from './page-scripts';

const chunks = {
  entry: '/assets/index.js',
  site: ['/assets/site-area.js'],
  area: ['/assets/hash-area.js', '/assets/react.js'],
  screens: { '/addnormalcard': ['/assets/AddCardScreen.js'], '/downloadTemplate': ['/assets/LandingScreen.js'] },
};

type Added = { tag: string; rel?: string; href?: string; src?: string; type?: string };

/** The root's page as its script sees it: its address, its parsed document, and what it adds to the head. */
function openPage(hash: string, search = '') {
  const added: Added[] = [];
  const marks: Record<string, string> = {};
  const html = { lang: 'es', setAttribute: (name: string, value: string) => (marks[name] = value) };
  vi.stubGlobal('location', { hash, search });
  vi.stubGlobal('document', {
    readyState: 'complete',
    documentElement: html,
    getElementById: () => ({ textContent: JSON.stringify(chunks) }),
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: Added) => added.push({ ...element }) },
  });
  // A browser without paint entries: the page goes on after the next frame.
  vi.stubGlobal('PerformanceObserver', undefined);
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
  return { added, marks, html };
}

/** A browser with paint entries: the test says when a paint is on screen. */
function withPaintEntries() {
  const observers: { type: string; report: (entries: { name: string; url?: string }[]) => void }[] = [];
  class Observer {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
    observe({ type }: { type: string }) {
      observers.push({ type, report: (entries) => this.callback({ getEntries: () => entries }) });
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return (type: string, entry: { name: string; url?: string }) => observers.filter((observer) => observer.type === type).forEach((observer) => observer.report([entry]));
}

const files = (added: Added[]) => added.map((element) => element.href ?? `${element.type}:${element.src}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the site root page’s script', () => {
  it('on the site root, adds the site area and the entry only after the first frame', async () => {
    const page = openPage('');
    loadPageScripts(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.added).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(files(page.added)).toEqual(['/assets/site-area.js', 'module:/assets/index.js']);
    expect(page.marks).toEqual({});
  });

  it('waits for the paint to be on screen, as its performance entry says, not for the frame’s callbacks', async () => {
    const site = openPage('');
    const shown = withPaintEntries();
    loadPageScripts(() => undefined);
    await vi.advanceTimersByTimeAsync(100);
    expect(site.added).toEqual([]);
    shown('paint', { name: 'first-contentful-paint' });
    await vi.advanceTimersByTimeAsync(0);
    expect(files(site.added)).toEqual(['/assets/site-area.js', 'module:/assets/index.js']);

    const landing = openPage('#/downloadTemplate?id=1');
    const paint = withPaintEntries();
    loadPageScripts(() => Promise.resolve('http://lend.test/media/promo/banner.svg'));
    await vi.advanceTimersByTimeAsync(100);
    paint('largest-contentful-paint', { name: '', url: 'http://lend.test/media/promo/other.svg' });
    await vi.advanceTimersByTimeAsync(0);
    expect(landing.added).toEqual([]);
    paint('largest-contentful-paint', { name: '', url: 'http://lend.test/media/promo/banner.svg' });
    await vi.advanceTimersByTimeAsync(0);
    expect(files(landing.added)).toHaveLength(4);
  });

  it('on a hash link, hides the site, speaks the link’s language and preloads the area and the screen at once', async () => {
    const page = openPage('#/addnormalcard?orderId=1&language=1');
    const startLanding = vi.fn(() => undefined);
    loadPageScripts(startLanding);
    expect(page.marks).toEqual({ 'data-hash-route': '' });
    expect(page.html.lang).toBe('en');
    await vi.advanceTimersByTimeAsync(0);
    expect(files(page.added)).toEqual(['/assets/hash-area.js', '/assets/react.js', '/assets/AddCardScreen.js', 'module:/assets/index.js']);
    expect(page.added.every((element) => element.rel === 'modulepreload' || element.type === 'module')).toBe(true);
  });

  it('on a promotion landing, loads nothing until the frame has drawn its banner, or at the latest after the wait', async () => {
    // The search string's language counts when the hash route's query has none, as in the app.
    const page = openPage('#/downloadTemplate?id=1', '?language=1');
    let drawn: (banner: string | undefined) => void = () => undefined;
    loadPageScripts(() => new Promise((resolve) => (drawn = resolve)));
    expect(page.html.lang).toBe('en');
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.added).toEqual([]);
    drawn(undefined);
    await vi.advanceTimersByTimeAsync(20);
    expect(files(page.added)).toEqual(['/assets/hash-area.js', '/assets/react.js', '/assets/LandingScreen.js', 'module:/assets/index.js']);

    const slow = openPage('#/downloadTemplate?id=1');
    loadPageScripts(() => new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(LANDING_WAIT_MS - 1);
    expect(slow.added).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(files(slow.added)).toHaveLength(4);
  });
});
