import { z } from 'zod';

/**
 * Developer preview defaults (the `/testPreview` page's form values): plain JSON, not an envelope;
 * the server answers 404 here outside demo mode so the preview page only works on test machines.
 * The path lives with the other API paths, so the preview page reads it without zod.
 */
export { DEV_PREVIEW_DEFAULTS_PATH } from './api-paths';

/** The market whose demo borrower the preview opens the pages as: `?market=` on the defaults' path, Mexico when absent. */
export const previewMarketSchema = z.enum(['MX', 'IN']);
export type PreviewMarket = z.infer<typeof previewMarketSchema>;
export const previewDefaultsQuerySchema = z.object({ market: previewMarketSchema.catch('MX') });

export const previewDefaultsSchema = z.object({
  /** The demo borrower's market, and their name as the preview shows it. */
  market: previewMarketSchema,
  borrowerName: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  deviceId: z.string(),
  appVersion: z.string(),
  deviceName: z.string(),
  osVersion: z.string(),
  advertisingId: z.string(),
  productId: z.string(),
  orderId: z.string(),
  language: z.string(),
  /** An order an extension is allowed for now: the extension link opens it. */
  extensionOrderId: z.string(),
  extensionProductId: z.string(),
  /** What `orderId` owes now (minor units) and a channel's payCode that takes it: the instruction link's values. */
  instructionAmount: z.string(),
  instructionPayCode: z.string(),
  /** The repaying order's numeric id, which the complaint screen names an order by. */
  complaintOrderId: z.string(),
  /** A demo borrower's session and a product they may confirm a loan on now: the confirmation link's values. */
  confirmUserId: z.string(),
  confirmSessionId: z.string(),
  confirmProductId: z.string(),
});
export type PreviewDefaults = z.infer<typeof previewDefaultsSchema>;
