import { z } from 'zod';

/** The borrower-app envelope of spec §8: `code` 0 is success, anything else carries a message. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
});

export type Envelope<T> = { code: number; message: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
