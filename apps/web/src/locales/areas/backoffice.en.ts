import { commonEn } from '../en/common';
import { backofficeEn as backofficeOwnEn } from '../en/backoffice';
import { backofficePeopleEn } from '../en/backoffice-people';
import { backofficeCreditEn } from '../en/backoffice-credit';
import { backofficePaymentsEn } from '../en/backoffice-payments';
import { backofficeConfigurationEn } from '../en/backoffice-configuration';
import { backofficeCampaignsEn } from '../en/backoffice-campaigns';
import { backofficeLenderEn } from '../en/backoffice-lender';
import { backofficeNotesEn } from '../en/backoffice-notes';
import { backofficeCollectionsEn } from '../en/backoffice-collections';
import { backofficeLossesEn } from '../en/backoffice-losses';
import { backofficeSettlementsEn } from '../en/backoffice-settlements';
import { backofficeCollectionMessagesEn } from '../en/backoffice-collection-messages';
import { backofficeBookEn } from '../en/backoffice-book';

/**
 * English texts of the back office (`/backoffice`): the source of the area's keys. `backoffice.es.ts`
 * is typed against it, so a key missing there fails the typecheck.
 */
export const backofficeEn = {
  ...commonEn,
  ...backofficeOwnEn,
  ...backofficePeopleEn,
  ...backofficeCreditEn,
  ...backofficePaymentsEn,
  ...backofficeConfigurationEn,
  ...backofficeCampaignsEn,
  ...backofficeLenderEn,
  ...backofficeNotesEn,
  ...backofficeCollectionsEn,
  ...backofficeLossesEn,
  ...backofficeSettlementsEn,
  ...backofficeCollectionMessagesEn,
  ...backofficeBookEn,
} as const satisfies Record<string, string>;

export type BackofficeKey = keyof typeof backofficeEn;
export type BackofficeCatalogue = Record<BackofficeKey, string>;
