import { z } from 'zod';

/**
 * What the lender gives up on a late loan (docs/decisions/244): each product's collections policy,
 * and write-off. Operator calls under `OPERATOR_BASE`.
 */
export const LossesPath = {
  /** `PUT { collectionsPolicy }`: a product's write-off day and settlement limit, audited. */
  productCollectionsPolicy: '/products/:productId/collections-policy',
  /** `POST { note }`: a credit officer writes a late order off now, before its product's day. */
  writeOff: '/collections/orders/:orderNo/write-off',
} as const;

/** Each product's rules for loans that go bad; a product without its own has `DEFAULT_COLLECTIONS_POLICY`. */
export const collectionsPolicySchema = z.object({
  /** Days past due on which the order clock writes a loan off. */
  writeOffDays: z.number().int().min(30).max(1095),
  /** The most of what is owed, in percent, a settlement may waive on one officer's word; above it a second person approves. */
  settlementSoloWaiverPercent: z.number().int().min(0).max(100),
});
export type CollectionsPolicy = z.infer<typeof collectionsPolicySchema>;
export const collectionsPolicyUpdateRequestSchema = z.object({ collectionsPolicy: collectionsPolicySchema });

/** 180 days past due: the point at which RBI's and the CNBV's rules treat an unsecured loan as lost. */
export const DEFAULT_COLLECTIONS_POLICY: CollectionsPolicy = { writeOffDays: 180, settlementSoloWaiverPercent: 20 };

export const writeOffRequestSchema = z.object({ note: z.string().trim().min(3).max(1000) });
export type WriteOffRequest = z.input<typeof writeOffRequestSchema>;

/** `days-past-due`: the order clock, on the product's day; `officer`: a credit officer's decision. */
export const WRITE_OFF_REASONS = ['days-past-due', 'officer'] as const;
export type WriteOffReason = (typeof WRITE_OFF_REASONS)[number];

export const writeOffViewSchema = z.object({
  /** `YYYY-MM-DD` in the market's calendar. */
  writtenOffOn: z.string(),
  reason: z.enum(WRITE_OFF_REASONS),
  daysPastDue: z.number().int(),
  /** The officer's e-mail; null for the clock. */
  byEmail: z.string().nullable(),
  note: z.string(),
  /** What was owed when it was written off, part by part (minor units). */
  principalMinor: z.number().int(),
  interestMinor: z.number().int(),
  taxMinor: z.number().int(),
  lateChargesMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** What has been paid since: recoveries. */
  recoveredMinor: z.number().int(),
});
export type WriteOffView = z.infer<typeof writeOffViewSchema>;
