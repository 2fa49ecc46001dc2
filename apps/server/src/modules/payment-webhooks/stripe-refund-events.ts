import { STRIPE_CARD_PROVIDER } from '@lend/contracts';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { stripeRefundStatus } from '../../providers/refunds/stripe-refunds';
import { receiveRefundEvent, type RefundEventOutcome } from '../refunds';
import type { ProviderDeliveryOutcome } from './provider-delivery';

/** Stripe's events that tell of a refund (docs/decisions/126). */
const REFUND_EVENTS: ReadonlySet<string> = new Set(['charge.refunded', 'refund.updated', 'refund.failed']);

export const isStripeRefundEvent = (event: Stripe.Event) => REFUND_EVENTS.has(event.type);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/**
 * The refunds an event names: a refund's own event carries it; `charge.refunded` carries the charge,
 * whose refunds Stripe no longer lists in it, so they are read from Stripe (the charge's
 * PaymentIntent's refunds, those of this charge).
 */
async function refundsNamed(stripe: Stripe, event: Stripe.Event): Promise<Stripe.Refund[]> {
  if (event.type === 'refund.updated' || event.type === 'refund.failed') return [event.data.object];
  if (event.type !== 'charge.refunded') return [];
  const charge = event.data.object;
  if (charge.refunds && !charge.refunds.has_more) return charge.refunds.data;
  const intent = idOf(charge.payment_intent);
  if (!intent) return [];
  const refunds: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ payment_intent: intent, limit: 100 })) {
    if (idOf(refund.charge) === charge.id) refunds.push(refund);
  }
  return refunds;
}

/**
 * A verified Stripe refund event: each refund it names reaches the state Stripe gives it, once per
 * event, as the follow-up would record it; a refund we never made is kept for an operator. Cash and
 * card refunds share the account, so either may be named.
 */
export async function receiveStripeRefundEvent(db: Db, stripe: Stripe, provider: string, event: Stripe.Event, now: Date): Promise<ProviderDeliveryOutcome> {
  const outcomes: RefundEventOutcome[] = [];
  for (const refund of await refundsNamed(stripe, event)) {
    outcomes.push(
      await receiveRefundEvent(
        db,
        {
          provider,
          eventId: event.id,
          refundProviders: [provider, STRIPE_CARD_PROVIDER],
          providerRefundId: refund.id,
          status: stripeRefundStatus(refund),
          ours: { idempotencyKey: refund.metadata?.idempotencyKey },
          providerPaymentId: idOf(refund.payment_intent),
          event: event as unknown as Record<string, unknown>,
        },
        now,
      ),
    );
  }
  return { refunds: outcomes };
}
