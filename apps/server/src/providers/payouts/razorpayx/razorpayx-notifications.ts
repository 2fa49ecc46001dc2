import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PayoutNotificationRefused, type PayoutNotification } from '../payout-provider';
import { payoutEntity, payoutState } from './razorpayx-entities';

/** The payout events a RazorpayX webhook subscribes to; each is read from the payout it carries, not from its name. */
export const RAZORPAYX_PAYOUT_EVENTS = [
  'payout.queued',
  'payout.pending',
  'payout.initiated',
  'payout.updated',
  'payout.processed',
  'payout.reversed',
  'payout.failed',
  'payout.rejected',
] as const;

const delivery = z.object({
  event: z.enum(RAZORPAYX_PAYOUT_EVENTS),
  payload: z.object({ payout: z.object({ entity: payoutEntity }) }),
  created_at: z.number().int().optional(),
});

/** A header by its name in any case (Node gives them lower-cased; a caller may not). */
function header(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const key = Object.keys(headers).find((given) => given.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function razorpayXSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * A RazorpayX webhook delivery checked and read (docs/decisions/156): the signature over the raw
 * body first, compared in constant time, so an unsigned caller learns nothing; then the payout it
 * carries. The event id is Razorpay's `X-Razorpay-Event-Id`, the same on every retry of a delivery.
 */
export function readRazorpayXNotification(
  rawBody: Buffer,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  webhookSecret: string,
  now: Date,
): PayoutNotification {
  const given = header(headers, 'x-razorpay-signature') ?? '';
  const expected = Buffer.from(razorpayXSignature(rawBody, webhookSecret), 'hex');
  const signature = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) throw new PayoutNotificationRefused('razorpayx webhook signature does not match');
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new PayoutNotificationRefused('razorpayx webhook body is not JSON');
  }
  const read = delivery.safeParse(body);
  if (!read.success) throw new PayoutNotificationRefused('razorpayx webhook is not a payout event we read');
  const payout = read.data.payload.payout.entity;
  const eventId = header(headers, 'x-razorpay-event-id') ?? `${read.data.event}:${payout.id}:${payout.status}`;
  return { eventId, idempotencyKey: payout.reference_id ?? undefined, providerPayoutId: payout.id, state: payoutState(payout, now) };
}
