import { z } from 'zod';
import { creditPolicySchema } from './credit-decision';
import { ConfigErrorCode } from './error-codes-config';
import { productPricingSchema } from './product';

/** The back office's configuration calls (docs/decisions/177, 178): pricing, its preview, credit policies, payment channels. */

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const minor = z.number().int();

export const productParamsSchema = z.object({ productId: positiveId });

export const pricingUpdateRequestSchema = z.object({ pricing: productPricingSchema });
export type PricingUpdateRequest = z.infer<typeof pricingUpdateRequestSchema>;

/** A pricing not yet saved and a sample loan: the preview prices it as the borrower's confirmation would. */
export const pricingPreviewRequestSchema = z.object({
  pricing: productPricingSchema,
  amountMinor: minor.positive(),
  termDays: z.number().int().min(1).max(365),
});
export type PricingPreviewRequest = z.infer<typeof pricingPreviewRequestSchema>;

export const creditPolicyUpdateRequestSchema = z.object({ creditPolicy: creditPolicySchema });
export type CreditPolicyUpdateRequest = z.infer<typeof creditPolicyUpdateRequestSchema>;

export const PAYMENT_CHANNEL_KINDS = ['store', 'bank'] as const;

export const paymentChannelListQuerySchema = z.object({ market: z.enum(['MX', 'IN']) });

export const paymentChannelConfigSchema = z.object({
  code: z.string(),
  market: z.enum(['MX', 'IN']),
  kind: z.enum(PAYMENT_CHANNEL_KINDS),
  name: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  minAmountMinor: minor,
  maxAmountMinor: minor,
  feeMinor: minor,
});
export type PaymentChannelConfig = z.infer<typeof paymentChannelConfigSchema>;
export const paymentChannelConfigListSchema = z.object({ items: z.array(paymentChannelConfigSchema) });

export const paymentChannelParamsSchema = z.object({ code: z.string().trim().min(1).max(40) });

/** What an operator may change of a channel: what it charges, what one payment may be, and whether borrowers see it. */
export const paymentChannelUpdateRequestSchema = z
  .object({
    active: z.boolean(),
    feeMinor: minor.min(0).max(100_000_000),
    minAmountMinor: minor.positive().max(10_000_000_000),
    maxAmountMinor: minor.positive().max(10_000_000_000),
  })
  .refine((channel) => channel.minAmountMinor <= channel.maxAmountMinor, {
    message: 'maxAmountMinor must not be below minAmountMinor',
    path: ['maxAmountMinor'],
    params: { errorCode: ConfigErrorCode.PaymentChannelLimitsInconsistent },
  });
export type PaymentChannelUpdateRequest = z.infer<typeof paymentChannelUpdateRequestSchema>;
