import { commonEn } from '../en/common';
import { siteEn as sitePagesEn } from '../en/site';

/**
 * English texts of the public site and privacy notice: the source of the area's keys. `site.es.ts` is typed
 * against it, so a key missing there fails the typecheck; a screen of the area can use no other key.
 */
export const siteEn = {
  ...commonEn,
  ...sitePagesEn,
} as const satisfies Record<string, string>;

export type SiteKey = keyof typeof siteEn;
export type SiteCatalogue = Record<SiteKey, string>;
