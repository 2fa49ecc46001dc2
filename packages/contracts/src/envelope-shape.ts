/** The envelope's shape without zod, so code that only checks answers does not load it (decision 016). */
export type Envelope<T> = { code: number; message: string; data: T };

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
