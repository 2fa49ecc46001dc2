// Apart from the routes: the site's first script reads the routes, never these.
/**
 * Prerendered site pages (built by the web app, served by the server): the server fills the
 * company facts and the year into these markers at request time.
 */
export const Prerender = {
  /** Written by the web build beside the templates: `{ [path]: { en: file, es: file } }`. */
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
  /**
   * Inline in the prerendered site root, whose address also carries the hash links (`/#/…`) that
   * the server cannot see: marks the page so the site's markup stays hidden for them. The
   * server allows exactly this script by its hash in the Content-Security-Policy. For those links
   * it also preloads the hash area's first chunks and those of the address's screen, listed by the
   * build in the JSON element `hashChunksElementId` before it (`{ area: [...], screens: { path:
   * [...] } }`; a data block, so the script itself stays the same every build).
   */
  hashChunksElementId: 'hash-area-chunks',
  hashRouteGuard:
    "if(location.hash.slice(0,2)==='#/'){document.documentElement.setAttribute('data-hash-route','');" +
    "var d=JSON.parse(document.getElementById('hash-area-chunks').textContent);" +
    "d.area.concat(d.screens[location.hash.slice(1).split('?')[0]]||[]).forEach(function(f){" +
    "var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)})}",
} as const;
