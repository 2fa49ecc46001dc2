import { z } from 'zod';
import { e164Phone, PHONE_MARKETS } from './phone';

/**
 * A borrower's phone as the operator types it (ten digits, or with the country code), for the
 * market given (Mexico unless said), turned into the stored E.164 form.
 */
export const createSessionRequestSchema = z
  .object({
    phone: z.string().max(32),
    market: z.enum(PHONE_MARKETS).default('MX'),
    name: z.string().trim().min(1).max(100).optional(),
    deviceId: z.string().trim().min(1).max(128).optional(),
  })
  .transform((value, context) => {
    const phone = e164Phone(value.phone, value.market);
    if (phone === undefined) {
      context.addIssue({ code: 'custom', path: ['phone'], message: `phone must be a mobile number of ${value.market}` });
      return z.NEVER;
    }
    return { ...value, phone };
  });
export type CreateSessionRequest = z.input<typeof createSessionRequestSchema>;

export const createSessionResponseSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  expiresAt: z.string(),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
