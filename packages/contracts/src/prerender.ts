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
  /** Folder of the templates inside the build; never served as files. */
  folder: '/prerendered/',
  bootElementId: 'site-boot',
  bootMarker: '__LEND_SITE_BOOT__',
  factMarker: (key: string) => `__LEND_FACT_${key}__`,
  yearMarker: '__LEND_YEAR__',
} as const;
