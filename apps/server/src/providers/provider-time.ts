import { z } from 'zod';

const TIMEOUT_MESSAGE = 'must be a whole number of milliseconds from 100 to 60000';

/**
 * A provider call's time limit from the environment (docs/decisions/214): whole milliseconds from
 * 100 to 60000, `defaultMs` when unset.
 */
export const timeoutSetting = (defaultMs: number) =>
  z.preprocess(
    (value: unknown) => (value === '' ? undefined : value),
    z.coerce.number({ error: TIMEOUT_MESSAGE }).int({ error: TIMEOUT_MESSAGE }).min(100, { error: TIMEOUT_MESSAGE }).max(60_000, { error: TIMEOUT_MESSAGE }).default(defaultMs),
  );

/**
 * `call` given at most `timeoutMs`: a client that sets no time-out of its own (Razorpay's, docs/decisions/121)
 * is given up then with the error `late` makes. The call may still be done at the provider: its effect is
 * looked up again later, never taken as failed.
 */
export async function withinTime<T>(call: Promise<T>, timeoutMs: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), timeoutMs);
  });
  try {
    return await Promise.race([call, giveUp]);
  } finally {
    clearTimeout(timer);
  }
}
