import type { HashCatalogue } from './hash.en';
import { commonEs } from '../es/common';
import { cardRepaymentEs } from '../es/card-repayment';
import { promotionEs } from '../es/promotion';

/** Spanish texts of the card repayment and promotion pages (`/#/…`). */
export const hashEs: HashCatalogue = {
  ...commonEs,
  ...cardRepaymentEs,
  ...promotionEs,
};
