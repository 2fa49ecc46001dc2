import { z } from 'zod';

// The constants live apart from the schema so the web app can read them without loading zod.
export * from './common-query-keys';

const shortText = z.string().trim().max(128);

/** What the server accepts in the common query; everything is optional at this layer. */
export const commonQuerySchema = z.object({
  deviceId: shortText.optional(),
  appVersion: shortText.optional(),
  userId: shortText.optional(),
  appName: shortText.optional(),
  sessionId: shortText.optional(),
  clientType: shortText.optional(),
  merchantNumber: shortText.optional(),
  mobilePhone: shortText.optional(),
  language: shortText.optional(),
});
export type CommonQuery = z.infer<typeof commonQuerySchema>;
