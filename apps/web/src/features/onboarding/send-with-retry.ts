import { ApiError, HttpError } from '../../lib/http/errors';

/** Waits before each new attempt after a lost connection: a phone's network often returns within seconds. */
export const RETRY_DELAYS_MS = [1_000, 3_000] as const;

/** Whether another attempt may succeed: the connection failed, or the server was briefly unavailable; never a refusal. */
export function worthRetrying(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof HttpError) return error.status >= 500 || error.status === 429 || error.status === 408;
  return true;
}

/**
 * Sends, and on a failure worth retrying sends again after each delay in turn. Safe only for a
 * call that has the same effect sent twice (an identity photo replaces the one of its kind).
 */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  { delays = RETRY_DELAYS_MS, wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)), onRetry }: { delays?: readonly number[]; wait?: (ms: number) => Promise<void>; onRetry?: (attempt: number) => void } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !worthRetrying(error)) throw error;
      onRetry?.(attempt + 1);
      await wait(delay);
    }
  }
}
