import { WebhookError } from '@lend/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { razorpayRefundStatus, refundIdOfReceipt } from '../../providers/refunds/razorpay-refunds';
import { WebhookRefusal } from '../payments';
import { receiveRefundEvent } from '../refunds';
import type { ProviderDeliveryOutcome } from './provider-delivery';

/** Razorpay's events that end a refund (docs/decisions/126, 127). */
const REFUND_EVENTS: ReadonlySet<string> = new Set(['refund.processed', 'refund.failed']);

/** The parts of a refund event we read. */
const refundEventSchema = z.object({
  event: z.string(),
  payload: z.object({
    refund: z.object({
      entity: z.object({ id: z.string(), payment_id: z.string(), status: z.string(), receipt: z.string().nullable().optional() }),
    }),
  }),
});

export const isRazorpayRefundEvent = (body: unknown) => typeof body === 'object' && body !== null && REFUND_EVENTS.has(String((body as { event?: unknown }).event));

/**
 * A verified Razorpay refund event: the refund reaches the state Razorpay gives it, once per event;
 * a refund we never made (one from Razorpay's dashboard, an auto-refund) is kept for an operator.
 * A body not of a refund event's shape is refused.
 */
export async function receiveRazorpayRefundEvent(db: Db, provider: string, eventId: string, body: unknown, now: Date): Promise<ProviderDeliveryOutcome> {
  const parsed = refundEventSchema.safeParse(body);
  if (!parsed.success) throw new WebhookRefusal(WebhookError.InvalidEvent);
  const refund = parsed.data.payload.refund.entity;
  const outcome = await receiveRefundEvent(
    db,
    {
      provider,
      eventId,
      refundProviders: [provider],
      providerRefundId: refund.id,
      status: razorpayRefundStatus(refund.status),
      ours: { refundId: refundIdOfReceipt(refund.receipt) },
      providerPaymentId: refund.payment_id,
      event: body as Record<string, unknown>,
    },
    now,
  );
  return { refunds: [outcome] };
}
