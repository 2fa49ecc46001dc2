import type { PromotionCode, PromotionCodeValue, PromotionMessageParams } from '@lend/contracts';

export type PromotionRefusal = Exclude<PromotionCodeValue, typeof PromotionCode.Ok>;

/** A promotion refusal: one of the landing's string codes (docs/decisions/050), answered in the visitor's language. */
export class PromotionError extends Error {
  override name = 'PromotionError';
  constructor(
    readonly code: PromotionRefusal,
    readonly params: PromotionMessageParams = {},
  ) {
    super(`promotion refusal ${code}`);
  }
}
