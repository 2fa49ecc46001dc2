import type { BackofficeCatalogue } from './backoffice.en';
import { commonEs } from '../es/common';
import { backofficeEs as backofficeOwnEs } from '../es/backoffice';
import { backofficePeopleEs } from '../es/backoffice-people';
import { backofficeCreditEs } from '../es/backoffice-credit';
import { backofficePaymentsEs } from '../es/backoffice-payments';
import { backofficeConfigurationEs } from '../es/backoffice-configuration';
import { backofficeCampaignsEs } from '../es/backoffice-campaigns';
import { backofficeLenderEs } from '../es/backoffice-lender';
import { backofficeNotesEs } from '../es/backoffice-notes';
import { backofficeCollectionsEs } from '../es/backoffice-collections';
import { backofficeLossesEs } from '../es/backoffice-losses';
import { backofficeSettlementsEs } from '../es/backoffice-settlements';
import { backofficeCollectionMessagesEs } from '../es/backoffice-collection-messages';
import { backofficeBookEs } from '../es/backoffice-book';

/** Spanish texts of the back office (`/backoffice`). */
export const backofficeEs: BackofficeCatalogue = {
  ...commonEs,
  ...backofficeOwnEs,
  ...backofficePeopleEs,
  ...backofficeCreditEs,
  ...backofficePaymentsEs,
  ...backofficeConfigurationEs,
  ...backofficeCampaignsEs,
  ...backofficeLenderEs,
  ...backofficeNotesEs,
  ...backofficeCollectionsEs,
  ...backofficeLossesEs,
  ...backofficeSettlementsEs,
  ...backofficeCollectionMessagesEs,
  ...backofficeBookEs,
};
