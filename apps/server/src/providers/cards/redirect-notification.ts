import { WEBHOOK_BASE } from '@lend/contracts';
import { z } from 'zod';

/**
 * What the sandbox redirect provider signs its notifications with when CARD_PAYMENT_WEBHOOK_SECRET
 * is not set. It is public (it is in this file), which is why production refuses it.
 */
export const SANDBOX_CARD_WEBHOOK_SECRET = 'sandbox-card-webhook-secret-not-for-production';

/** Where a card provider's notifications arrive: `/webhooks/payments/<provider name>`. */
export function cardNotificationPath(providerName: string): string {
  return `${WEBHOOK_BASE}/${providerName}`;
}

/**
 * The body of a redirect checkout's notification, signed in `Lend-Signature` over these exact
 * bytes (docs/decisions/073, 081). Sent once the checkout is paid or cancelled; a paid one names
 * the provider's charge.
 */
export const redirectNotificationSchema = z.object({
  /** The provider's id of this notification: delivered again, it is the same event. */
  eventId: z.string().min(1).max(100),
  checkoutId: z.string().min(1).max(100),
  /** Our repayment record the checkout paid. */
  merchantReference: z.string().min(1).max(100),
  status: z.enum(['paid', 'cancelled']),
  amountMinor: z.number().int(),
  currency: z.enum(['MXN', 'INR']),
  chargeId: z.string().min(1).max(100).nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type RedirectNotification = z.infer<typeof redirectNotificationSchema>;

/**
 * A provider whose notifications have a wire format of their own (Stripe's events): the header its
 * signature comes in, and how one raw delivery reads as our notification, an event that is not ours
 * to act on (acknowledged so it is not sent again), or a refusal.
 */
export type NotificationReader = {
  signatureHeader: string;
  /** The header that carries the event's id, for a provider whose body has none (Razorpay's). */
  eventIdHeader?: string;
  read: (
    raw: string,
    signature: string | undefined,
    now: Date,
    eventId?: string,
  ) => { notification: RedirectNotification } | { ignored: string } | { refused: 'bad_signature' | 'stale_timestamp' | 'invalid_event' };
  /**
   * The borrower's return from the provider's hosted page, for a provider that signs it (Razorpay,
   * docs/decisions/124): refused when its signature fails, else the paid checkout it reports, read
   * from the provider, or null when it reports none.
   */
  readReturn?: (query: unknown) => Promise<{ notification: RedirectNotification | null } | { refused: 'bad_signature' | 'invalid_event' }>;
};
