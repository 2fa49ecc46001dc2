import { STRIPE_CARD_PROVIDER } from '@lend/contracts';
import Stripe from 'stripe';
import type { CheckoutRequest, CheckoutState, RedirectPaymentProvider } from '../card-provider';
import { redirectNotificationSchema, type NotificationReader } from '../redirect-notification';
import { verifyStripeEvent } from '../../stripe-webhook';
import { providerFailure } from './stripe-errors';

/** Where the merchant reference is kept on a session and its PaymentIntent, beside `client_reference_id`. */
export const MERCHANT_REFERENCE_METADATA = 'lend_merchant_reference';

/** How long a checkout page stays payable: long enough to find the card and pass 3-D Secure. */
const CHECKOUT_LIFETIME_S = 60 * 60;

/** Sessions looked through for a reference: a session lives an hour, so three days holds every one that matters. */
const LOOK_BACK_S = 3 * 24 * 60 * 60;

/** What the checkout page calls the one thing bought, in the market's language. */
const ITEM_NAME = { MXN: 'Pago de préstamo', INR: 'Loan repayment' } as const;
const PAGE_LOCALE = { MXN: 'es', INR: 'en' } as const;

export type StripeCheckoutSettings = {
  client: Stripe;
  /** Our site's origin: Stripe needs whole addresses to send the borrower back to. */
  returnOrigin: string;
  now: () => Date;
};

function raise(error: unknown): never {
  throw providerFailure(error) ?? error;
}

function currencyOf(session: Stripe.Checkout.Session): 'MXN' | 'INR' | null {
  const currency = (session.currency ?? '').toUpperCase();
  return currency === 'MXN' || currency === 'INR' ? currency : null;
}

function idOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.id;
}

/**
 * The redirect checkout on Stripe Checkout (docs/decisions/117): a payment-mode session for the
 * amount, card only, so a bank that wants 3-D Secure can ask the borrower on Stripe's page; the
 * session carries our record as `client_reference_id` and in its metadata, and comes back as a
 * signed `checkout.session.*` event.
 */
export class StripeCheckoutProvider implements RedirectPaymentProvider {
  readonly name = STRIPE_CARD_PROVIDER;

  constructor(private readonly settings: StripeCheckoutSettings) {}

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }> {
    const back = new URL(request.returnUrl, this.settings.returnOrigin).toString();
    const metadata = { [MERCHANT_REFERENCE_METADATA]: request.merchantReference };
    try {
      const session = await this.settings.client.checkout.sessions.create(
        {
          mode: 'payment',
          // Cards only: the page is where 3-D Secure is asked; cash on Stripe has rails of its own.
          allowed_payment_method_types: ['card'],
          line_items: [
            {
              quantity: 1,
              price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: ITEM_NAME[request.currency] } },
            },
          ],
          client_reference_id: request.merchantReference,
          metadata,
          payment_intent_data: { metadata },
          locale: PAGE_LOCALE[request.currency],
          success_url: back,
          cancel_url: back,
          expires_at: Math.floor(this.settings.now().getTime() / 1000) + CHECKOUT_LIFETIME_S,
        },
        // One record, one session: a retried request answers the same page.
        { idempotencyKey: `checkout-${request.merchantReference}` },
      );
      if (!session.url) throw new Error(`stripe checkout session ${session.id} has no address`);
      return { checkoutId: session.id, url: session.url };
    } catch (error) {
      raise(error);
    }
  }

  async findCheckout(merchantReference: string): Promise<CheckoutState | null> {
    const stripe = this.settings.client;
    const since = Math.floor(this.settings.now().getTime() / 1000) - LOOK_BACK_S;
    let found: Stripe.Checkout.Session | undefined;
    try {
      for await (const session of stripe.checkout.sessions.list({ created: { gte: since }, limit: 100 })) {
        if (session.client_reference_id === merchantReference) {
          found = session;
          break;
        }
      }
    } catch (error) {
      raise(error);
    }
    const currency = found && currencyOf(found);
    if (!found || !currency) return null;
    const paid = found.status === 'complete' && found.payment_status === 'paid';
    const chargeId = paid ? idOf(found.payment_intent) : null;
    let completedAt: Date | null = null;
    if (chargeId) {
      try {
        completedAt = new Date((await stripe.paymentIntents.retrieve(chargeId)).created * 1000);
      } catch (error) {
        raise(error);
      }
    }
    return {
      checkoutId: found.id,
      merchantReference,
      status: paid ? 'paid' : found.status === 'expired' ? 'cancelled' : 'open',
      amountMinor: found.amount_total ?? 0,
      currency,
      chargeId,
      completedAt,
    };
  }
}


/** Events of sessions that settle a redirect payment; every other event is acknowledged and left. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const CLOSED_EVENTS = new Set(['checkout.session.expired']);

/**
 * Reads a delivery to `/webhooks/payments/stripe-card`: the `Stripe-Signature` and its time checked
 * as on every Stripe endpoint of ours (`verifyStripeEvent`: five minutes, against our clock), then a session's end as our redirect notification. A failed payment attempt
 * (`payment_intent.payment_failed`) does not end the session, since the borrower may try another
 * card on the same page, so it is acknowledged and left; the session's expiry closes it.
 */
export function readStripeCheckoutEvent(client: Stripe, raw: string, signature: string | undefined, secret: string, now: Date): ReturnType<NotificationReader['read']> {
  const verdict = verifyStripeEvent(client, raw, signature, secret, now);
  if ('refused' in verdict) return verdict;
  const { event } = verdict;
  const paid = PAID_EVENTS.has(event.type);
  if (!paid && !CLOSED_EVENTS.has(event.type)) return { ignored: event.type };
  const session = event.data.object as Stripe.Checkout.Session;
  // Sessions opened by something else on the same Stripe account carry no record of ours.
  if (!session.client_reference_id) return { ignored: `${event.type} without a reference` };
  if (paid && session.payment_status !== 'paid') return { ignored: `${event.type} not yet paid` };
  const parsed = redirectNotificationSchema.safeParse({
    eventId: event.id,
    checkoutId: session.id,
    merchantReference: session.client_reference_id,
    status: paid ? 'paid' : 'cancelled',
    amountMinor: session.amount_total,
    currency: (session.currency ?? '').toUpperCase(),
    chargeId: paid ? idOf(session.payment_intent) : null,
    occurredAt: new Date(event.created * 1000).toISOString(),
  });
  return parsed.success ? { notification: parsed.data } : { refused: 'invalid_event' };
}
