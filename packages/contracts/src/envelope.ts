import { z } from 'zod';

export * from './envelope-shape';

/** The borrower-app envelope: `code` 0 is success, anything else carries a message (docs/decisions/002). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
