import Razorpay from 'razorpay';
import { z } from 'zod';
import {
  CardProviderUnavailableError,
  type CardEntry,
  type CardProvider,
  type CardTokenDetails,
  type Charge,
  type CheckoutRequest,
  type CheckoutState,
  type RedirectPaymentProvider,
} from '../card-provider';
import { cardNotificationPath, redirectNotificationSchema, type NotificationReader, type RedirectNotification } from '../redirect-notification';
import type { RazorpayConfig } from '../../payments/razorpay-config';
import type { RazorpayCardSettings } from './razorpay-card-config';
import { isRazorpayRefusal, razorpayFailure, withinCardTime } from './razorpay-errors';

/** The name India's card payments on Razorpay carry in our records and on their webhook path. */
export const RAZORPAY_CARD_PROVIDER = 'razorpay-card';

/** Where Razorpay's hosted page sends the borrower back, under the card webhook's path. */
export const RAZORPAY_RETURN_PATH = `${cardNotificationPath(RAZORPAY_CARD_PROVIDER)}/return`;

/** The note that marks a Payment Link as one of our repayments: others on the same account are not ours to settle. */
export const MERCHANT_REFERENCE_NOTE = 'lend_merchant_reference';

/** How long a link stays payable: long enough to find the card and pass the bank's OTP (Razorpay wants at least 15 minutes). */
const LINK_LIFETIME_S = 60 * 60;

/** What Razorpay's Payment Link entity carries that we read; the rest passes untouched. */
const paymentLinkSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'partially_paid', 'expired', 'cancelled', 'paid']),
  reference_id: z.string().nullish(),
  short_url: z.string(),
  notes: z.unknown(),
  payments: z.array(z.object({ payment_id: z.string(), amount: z.number().int(), status: z.string(), created_at: z.number().int() })).nullish(),
});
type PaymentLink = z.infer<typeof paymentLinkSchema>;

function ours(link: PaymentLink): boolean {
  const notes = z.object({ [MERCHANT_REFERENCE_NOTE]: z.string() }).safeParse(link.notes);
  return notes.success && notes.data[MERCHANT_REFERENCE_NOTE] === link.reference_id;
}

function currencyOf(link: { currency: string }): 'MXN' | 'INR' | null {
  const currency = link.currency.toUpperCase();
  return currency === 'MXN' || currency === 'INR' ? currency : null;
}

/** The captured payment of a paid link: the charge our ledger records. */
function capturedOf(link: PaymentLink) {
  return link.payments?.find((payment) => payment.status === 'captured') ?? null;
}

export type RazorpayCheckoutSettings = { client: Razorpay; cards: RazorpayCardSettings; now: () => Date };

/**
 * India's redirect checkout on a Razorpay Payment Link (docs/decisions/124): Razorpay's hosted page
 * for the amount, cards only, where the bank asks its OTP (and where the borrower finds the cards
 * saved with Razorpay, 125); the link carries our record as `reference_id`, which Razorpay keeps
 * unique, so a repeated request cannot open a second link for the record.
 */
export class RazorpayCheckoutProvider implements RedirectPaymentProvider {
  readonly name = RAZORPAY_CARD_PROVIDER;

  constructor(private readonly settings: RazorpayCheckoutSettings) {}

  private call<T>(what: string, call: () => Promise<T>): Promise<T> {
    return withinCardTime(call(), this.settings.cards.timeoutMs, what).catch((error: unknown) => {
      throw razorpayFailure(error);
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }> {
    if (request.currency !== 'INR') throw new CardProviderUnavailableError('razorpay takes rupee cards only');
    const callback = new URL(RAZORPAY_RETURN_PATH, this.settings.cards.returnOrigin);
    // Razorpay adds its own parameters to this address; `back` is the page of ours the borrower lands on.
    callback.searchParams.set('back', request.returnUrl);
    let created: unknown;
    try {
      created = await withinCardTime(
        this.settings.client.paymentLink.create({
          amount: request.amountMinor,
          currency: request.currency,
          accept_partial: false,
          reference_id: request.merchantReference,
          description: 'Loan repayment',
          expire_by: Math.floor(this.settings.now().getTime() / 1000) + LINK_LIFETIME_S,
          // Nothing about the borrower: the page asks for what it needs, as Stripe's does (117).
          customer: {},
          notify: { sms: false, email: false },
          reminder_enable: false,
          notes: { [MERCHANT_REFERENCE_NOTE]: request.merchantReference },
          callback_url: callback.toString(),
          callback_method: 'get',
          options: { checkout: { method: { card: true, netbanking: false, upi: false, wallet: false } } },
        }),
        this.settings.cards.timeoutMs,
        'a payment link',
      );
    } catch (error) {
      // The record's link may exist already (a retried request): Razorpay refuses a second one with its reference.
      if (!isRazorpayRefusal(error) || error.statusCode !== 400) throw razorpayFailure(error);
      const existing = await this.linkOf(request.merchantReference);
      if (!existing || existing.amount !== request.amountMinor) throw razorpayFailure(error);
      return { checkoutId: existing.id, url: existing.short_url };
    }
    const link = paymentLinkSchema.parse(created);
    return { checkoutId: link.id, url: link.short_url };
  }

  /** The link opened for our record, found by its `reference_id`. */
  private async linkOf(merchantReference: string): Promise<PaymentLink | undefined> {
    // The list call takes Razorpay's documented `reference_id` filter, which the client's types do not name.
    const query: { reference_id: string; count: number } = { reference_id: merchantReference, count: 10 };
    const answer = await this.call('a payment link lookup', () => this.settings.client.paymentLink.all(query));
    const links = z.object({ payment_links: z.array(z.unknown()) }).parse(answer).payment_links;
    return links
      .map((link) => paymentLinkSchema.parse(link))
      .find((link) => link.reference_id === merchantReference && ours(link));
  }

  async findCheckout(merchantReference: string): Promise<CheckoutState | null> {
    const link = await this.linkOf(merchantReference);
    const currency = link && currencyOf(link);
    if (!link || !currency) return null;
    const captured = link.status === 'paid' ? capturedOf(link) : null;
    return {
      checkoutId: link.id,
      merchantReference,
      status: captured ? 'paid' : link.status === 'expired' || link.status === 'cancelled' ? 'cancelled' : 'open',
      amountMinor: link.amount,
      currency,
      chargeId: captured?.payment_id ?? null,
      completedAt: captured ? new Date(captured.created_at * 1000) : null,
    };
  }

  /**
   * The paid link a verified return names, as the notification its webhook would carry: the
   * amount and time are Razorpay's, fetched, never the address's.
   */
  async paidNotification(linkId: string, paymentId: string): Promise<RedirectNotification | null> {
    const link = paymentLinkSchema.parse(await this.call('a payment link', () => this.settings.client.paymentLink.fetch(linkId)));
    const captured = capturedOf(link);
    if (link.status !== 'paid' || !ours(link) || captured?.payment_id !== paymentId) return null;
    const parsed = redirectNotificationSchema.safeParse({
      // The payment's id: the return and the webhook settle the same charge once, whichever comes first.
      eventId: paymentId,
      checkoutId: link.id,
      merchantReference: link.reference_id,
      status: 'paid',
      amountMinor: link.amount_paid,
      currency: link.currency.toUpperCase(),
      chargeId: paymentId,
      occurredAt: new Date(captured.created_at * 1000).toISOString(),
    });
    return parsed.success ? parsed.data : null;
  }
}

/**
 * Saved cards on Razorpay (docs/decisions/125): India's card rules want the bank's own check on
 * every card payment outside a mandate, so no card is charged with nobody there. A card is saved
 * at Razorpay, with the borrower's consent on its hosted page, and chosen there on the next
 * payment; our page never takes a card number for Razorpay, so there is nothing to tokenise,
 * bind or charge here.
 */
export class RazorpayCardProvider implements CardProvider {
  readonly name = RAZORPAY_CARD_PROVIDER;
  readonly cardsOnItsOwnPage = true;

  async cardEntry(): Promise<CardEntry> {
    throw new CardProviderUnavailableError('cards on Razorpay are saved on its hosted page');
  }

  async tokenDetails(): Promise<CardTokenDetails | null> {
    return null;
  }

  async charge(): Promise<Charge> {
    throw new CardProviderUnavailableError('razorpay charges a card only on its hosted page');
  }

  async findCharge(): Promise<Charge | null> {
    return null;
  }
}

/** Razorpay's webhook body, the parts read here. */
const razorpayCardEventSchema = z.object({
  event: z.string(),
  created_at: z.number().int(),
  payload: z.object({
    payment_link: z.object({ entity: paymentLinkSchema }).optional(),
    payment: z.object({ entity: z.object({ id: z.string(), amount: z.number().int(), currency: z.string(), created_at: z.number().int() }) }).optional(),
  }),
});

const CLOSED_EVENTS = new Set(['payment_link.expired', 'payment_link.cancelled']);

/**
 * Reads a delivery to `/webhooks/payments/razorpay-card` (docs/decisions/124): the
 * `X-Razorpay-Signature` checked over the raw body with the endpoint's secret
 * (`Razorpay.validateWebhookSignature`), the `X-Razorpay-Event-Id` header as the event id, then
 * `payment_link.paid` of one of our links as a paid notification and `payment_link.expired` or
 * `.cancelled` as a cancelled one. A failed attempt (`payment.failed`) leaves the link payable, and
 * `payment.captured` or `order.paid` carry the same money as `payment_link.paid`: acknowledged and left.
 */
export function readRazorpayCardEvent(raw: string, signature: string | undefined, secret: string, eventId: string | undefined): ReturnType<NotificationReader['read']> {
  if (!signature || !Razorpay.validateWebhookSignature(raw, signature, secret)) return { refused: 'bad_signature' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { refused: 'invalid_event' };
  }
  const parsed = razorpayCardEventSchema.safeParse(json);
  if (!parsed.success || !eventId) return { refused: 'invalid_event' };
  const event = parsed.data;
  const paid = event.event === 'payment_link.paid';
  if (!paid && !CLOSED_EVENTS.has(event.event)) return { ignored: event.event };
  const link = event.payload.payment_link?.entity;
  if (!link) return { refused: 'invalid_event' };
  if (!ours(link)) return { ignored: `${event.event} of a link not ours` };
  const payment = event.payload.payment?.entity;
  if (paid && !payment) return { refused: 'invalid_event' };
  const notification = redirectNotificationSchema.safeParse({
    eventId,
    checkoutId: link.id,
    merchantReference: link.reference_id,
    status: paid ? 'paid' : 'cancelled',
    amountMinor: paid && payment ? payment.amount : link.amount,
    currency: (paid && payment ? payment.currency : link.currency).toUpperCase(),
    chargeId: paid && payment ? payment.id : null,
    occurredAt: new Date(event.created_at * 1000).toISOString(),
  });
  return notification.success ? { notification: notification.data } : { refused: 'invalid_event' };
}

/** What Razorpay adds to the return address of a Payment Link (its callback). */
export const razorpayReturnSchema = z.object({
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_payment_link_id: z.string().min(1).max(100),
  razorpay_payment_link_reference_id: z.string().max(100),
  razorpay_payment_link_status: z.string().min(1).max(40),
  razorpay_signature: z.string().min(1).max(200),
});

/**
 * The borrower's return from the hosted page: its signature is Razorpay's HMAC-SHA256 of
 * `link id|reference|status|payment id` with the key secret, the payload the client's
 * `validatePaymentVerification` builds for a Payment Link; that function is not on the client's
 * class, and its module is not reachable from an ES module, so the same check is made with the
 * class's `validateWebhookSignature`, which compares the same HMAC.
 */
export function returnSignedByRazorpay(query: z.infer<typeof razorpayReturnSchema>, keySecret: RazorpayConfig['keySecret']): boolean {
  const payload = [query.razorpay_payment_link_id, query.razorpay_payment_link_reference_id, query.razorpay_payment_link_status, query.razorpay_payment_id].join('|');
  return Razorpay.validateWebhookSignature(payload, query.razorpay_signature, keySecret);
}
