import type { SiteCatalogue } from './site.en';
import { commonEs } from '../es/common';
import { siteEs as sitePagesEs } from '../es/site';

/** Spanish texts of the public site and privacy notice. */
export const siteEs: SiteCatalogue = {
  ...commonEs,
  ...sitePagesEs,
};
