import { commonEn } from '../en/common';
import { cardRepaymentEn } from '../en/card-repayment';
import { promotionEn } from '../en/promotion';

/**
 * English texts of the card repayment and promotion pages (`/#/…`): the source of the area's keys. `hash.es.ts` is typed
 * against it, so a key missing there fails the typecheck; a screen of the area can use no other key.
 */
export const hashEn = {
  ...commonEn,
  ...cardRepaymentEn,
  ...promotionEn,
} as const satisfies Record<string, string>;

export type HashKey = keyof typeof hashEn;
export type HashCatalogue = Record<HashKey, string>;
