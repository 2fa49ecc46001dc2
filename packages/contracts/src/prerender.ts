// Apart from the routes: the site's first script reads the routes, never these.
/**
 * Prerendered site pages (built by the web app, served by the server): the server fills the
 * company facts and the year into these markers at request time.
 */
export const Prerender = {
  /** Written by the web build beside the templates: `{ [path]: { [language]: { file, scriptHashes } } }`. */
  manifest: 'prerendered/manifest.json',
  /**
   * Written by the web build: each borrower screen's page, per language, with the screen's frame
   * and its first call: `{ [path]: { en: { file, scriptHashes }, es: … } }`, files beside it as
   * they are plus `.br` and `.gz`.
   */
  shells: 'prerendered/borrower/shells.json',
  /**
   * Written by the web build: the web app's manifest of each market, `{ MX: {...}, IN: {...} }`, which
   * the server answers at `WEB_APP_MANIFEST_PATH` (docs/decisions/240).
   */
  webAppManifests: 'prerendered/borrower/web-app-manifests.json',
  /** Folder of the templates inside the build; never served as files. */
  folder: '/prerendered/',
  bootElementId: 'site-boot',
  bootMarker: '__LEND_SITE_BOOT__',
  factMarker: (key: string) => `__LEND_FACT_${key}__`,
  yearMarker: '__LEND_YEAR__',
  /** Where the contact form's result shows on a page answered after a post without script (docs/decisions/151). */
  contactSentMarker: '__LEND_CONTACT_SENT__',
  contactRefusedMarker: '__LEND_CONTACT_REFUSED__',
} as const;

/**
 * A borrower screen rendered by the web build's server render (`apps/web/src/app/borrower/shell.tsx`):
 * `html` and `titleHtml` are markup, escaped by React's renderer.
 */
export type RenderedShell = { html: string; titleHtml: string };

/** A screen rendered with its first call's answer; `answers` is the JSON of the page's data block (not yet escaped for a `<script>` element). */
export type RenderedScreen = RenderedShell & { answers: string };

/** A screen's first call as the browser's form client sends it: what the page's inline script and the server's render both build. */
export type ScreenRequest = { method: string; url: string; headers: Readonly<Record<string, string>>; body: string | undefined };

/** Where the server fills a screen's page rendered with its data (`Prerender.shells` lists it per screen and language). */
export type ScreenTemplate = { file: string; markers: { title: string; screen: string; answers: string }; scriptHashes: string[] };

/** One screen's pages in one language in `Prerender.shells`: its frame page and, for a screen with a first call, the page filled with its data. */
export type BorrowerShellFile = { file: string; scriptHashes: string[]; screen?: ScreenTemplate };

/**
 * The one address of the web app's manifest (docs/decisions/240): every borrower page links it with
 * its language (`?language=`), with credentials, and the server answers the signed-in borrower's
 * market, else the market of that language.
 */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** The offline page of each language, precached by the service worker (docs/decisions/240). */
export const OFFLINE_PAGES = { es: '/offline/es.html', en: '/offline/en.html' } as const;
