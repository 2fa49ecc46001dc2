import { z } from 'zod';
import { ConfigErrorCode } from './error-codes-config';

/** The refines below name their own code, so an operator's bad pricing is refused as such (docs/decisions/177). */
const inconsistent = { errorCode: ConfigErrorCode.PricingInconsistent };

const ppm = z.number().int().min(0).max(1_000_000);
const days = z.number().int().min(1).max(365);

/**
 * A product's pricing configuration. Rates are parts per million so they stay integers
 * (18% a year is 180_000 ppm; 0.0065% a day is 65 ppm). Amounts are minor units.
 * `termDays` is the default term; an offer may use any term in `minTermDays..maxTermDays`
 * that splits into `periods` equal periods of whole days.
 */
export const productPricingSchema = z
  .object({
    minAmountMinor: z.number().int().positive(),
    maxAmountMinor: z.number().int().positive(),
    defaultAmountMinor: z.number().int().positive(),
    minTermDays: days,
    maxTermDays: days,
    termDays: days,
    periods: z.number().int().min(1).max(12),
    interestPerDayPpm: ppm,
    commissionPpm: ppm,
    taxPpm: ppm,
    /** How many times the borrower may extend a due date (0: never). */
    maxExtensions: z.number().int().min(0).max(12),
  })
  .refine((p) => p.minAmountMinor <= p.defaultAmountMinor && p.defaultAmountMinor <= p.maxAmountMinor, {
    message: 'defaultAmountMinor must lie between minAmountMinor and maxAmountMinor',
    path: ['defaultAmountMinor'],
    params: inconsistent,
  })
  .refine((p) => p.minTermDays <= p.termDays && p.termDays <= p.maxTermDays, {
    message: 'termDays must lie between minTermDays and maxTermDays',
    path: ['termDays'],
    params: inconsistent,
  })
  .refine((p) => p.termDays % p.periods === 0, {
    message: 'termDays must divide evenly into periods',
    path: ['periods'],
    params: inconsistent,
  });
export type ProductPricing = z.infer<typeof productPricingSchema>;
