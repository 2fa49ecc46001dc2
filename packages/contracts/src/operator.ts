import { z } from 'zod';
import { normalisePhone } from './promotion-codes';

/** Borrower phone numbers as the operator types them, normalised as registration does. */
export const phoneNumberSchema = z
  .string()
  .transform(normalisePhone)
  .pipe(z.string().regex(/^\+?\d{8,15}$/, 'phone must be 8 to 15 digits'))
  .transform((value) => value.replace(/^\+/, ''));

export const createSessionRequestSchema = z.object({
  phone: phoneNumberSchema,
  name: z.string().trim().min(1).max(100).optional(),
  deviceId: z.string().trim().min(1).max(128).optional(),
});
export type CreateSessionRequest = z.input<typeof createSessionRequestSchema>;

export const createSessionResponseSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  expiresAt: z.string(),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
