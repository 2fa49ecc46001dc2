import { STRIPE_CARD_PROVIDER } from '@lend/contracts';
import Stripe from 'stripe';
import {
  CardProviderTimeoutError,
  CardProviderUnavailableError,
  CardTokenUnknownError,
  type CardEntry,
  type CardProvider,
  type CardTokenDetails,
  type Charge,
  type ChargeOutcome,
  type ChargeRequest,
  type SentCharge,
} from '../card-provider';
import { providerFailure } from './stripe-errors';


/** Where our idempotency key is kept on a PaymentIntent, so `findCharge` can tell it among the card's. */
export const IDEMPOTENCY_METADATA = 'lend_idempotency_key';

/**
 * How long after a charge was sent it may be sent again under its key: Stripe keeps a key's first
 * answer for at least 24 hours, and an hour is left for our clock and Stripe's to differ.
 */
export const ASK_AGAIN_WITHIN_MS = 23 * 60 * 60 * 1000;

/** How long before our send time a PaymentIntent is looked for, for the same two clocks. */
const LIST_SLACK_S = 60 * 60;

/** Our marks on a Customer and a SetupIntent: the borrower whose cards it holds (docs/decisions/218). */
export const BORROWER_METADATA = 'lend_borrower_id';
/** Our mark on a SetupIntent we made to save a card: one made by anything else on the account is not bound. */
export const PURPOSE_METADATA = 'lend_purpose';
const BIND_CARD_PURPOSE = 'bind-card';

/** Card brands as Stripe spells them, and the bank line the borrower reads when the issuer is unknown. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  rupay: 'RuPay',
};

/** Decline codes Stripe gives for a card without the money, whether as the error code or the decline code. */
const INSUFFICIENT = new Set(['insufficient_funds']);

export type StripeCardSettings = { client: Stripe; publishableKey: string; jsUrl: string; now: () => Date };

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

function raise(error: unknown): never {
  throw providerFailure(error) ?? error;
}

/** A PaymentIntent's outcome in ours; null while it is neither paid nor refused (processing, awaiting action). */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome | null {
  if (intent.status === 'succeeded') return 'succeeded';
  const failure = intent.last_payment_error;
  if (intent.status !== 'requires_payment_method' || !failure) return null;
  return INSUFFICIENT.has(failure.decline_code ?? '') || INSUFFICIENT.has(failure.code ?? '') ? 'insufficientFunds' : 'declined';
}

/** A PaymentIntent paid or refused as our charge; one still in Stripe's hands is a timeout, asked again later. */
function chargeOf(intent: Stripe.PaymentIntent): Charge {
  const outcome = outcomeOf(intent);
  if (outcome === null) throw new CardProviderTimeoutError(`payment intent ${intent.id} is still ${intent.status}`);
  return { chargeId: intent.id, outcome, amountMinor: outcome === 'succeeded' ? intent.amount_received : intent.amount, createdAt: new Date(intent.created * 1000) };
}

/** The saved card as the borrower reads it: brand (and issuer when Stripe knows it), last digits. */
function detailsOf(method: Stripe.PaymentMethod, card: Stripe.PaymentMethod.Card): CardTokenDetails {
  const brand = BRAND_NAMES[card.brand] ?? card.display_brand ?? card.brand;
  return {
    token: method.id,
    last4: card.last4,
    bankName: card.issuer ? `${card.issuer} (${brand})` : brand,
    bankCode: card.brand.toUpperCase().slice(0, 20),
    // Stripe asks for 3-D Secure itself when the bank wants it; our SMS code would add nothing.
    requiresCode: false,
  };
}

const idOf = (value: string | { id: string } | null): string | null => (value === null || typeof value === 'string' ? value : value.id);

/**
 * Cards on Stripe (docs/decisions/117, 218): the card is typed into Stripe's own Payment Element,
 * which confirms a SetupIntent our server made for the borrower's Customer; binding reads that
 * SetupIntent back and keeps its PaymentMethod, so it can be charged later with nobody present. A
 * charge is a confirmed off-session PaymentIntent under our idempotency key, which is also kept in
 * its metadata so a lost answer can be found again among the card's PaymentIntents (docs/decisions/213).
 */
export class StripeCardProvider implements CardProvider {
  readonly name = STRIPE_CARD_PROVIDER;

  constructor(private readonly settings: StripeCardSettings) {}

  /** A SetupIntent for the borrower's Customer, to be confirmed by Stripe.js in the borrower's browser. */
  async cardEntry(borrowerId: number): Promise<CardEntry> {
    const stripe = this.settings.client;
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe.setupIntents.create({
        customer: await this.borrowersCustomer(borrowerId),
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { [BORROWER_METADATA]: String(borrowerId), [PURPOSE_METADATA]: BIND_CARD_PURPOSE },
      });
    } catch (error) {
      raise(error);
    }
    if (!intent.client_secret) throw new CardProviderUnavailableError(`setup intent ${intent.id} came without its client secret`);
    return { entry: 'payment-element', scriptUrl: this.settings.jsUrl, publishableKey: this.settings.publishableKey, clientSecret: intent.client_secret };
  }

  /**
   * The borrower's one Customer: found by our mark (Search sees a new Customer within about a
   * minute), else made under a key of the borrower's, so two cards added within that minute still
   * meet the same Customer. We tell Stripe nothing else about the borrower.
   */
  private async borrowersCustomer(borrowerId: number): Promise<string> {
    const stripe = this.settings.client;
    const mark = String(borrowerId);
    const found = await stripe.customers.search({ query: `metadata['${BORROWER_METADATA}']:'${mark}'`, limit: 10 });
    const known = found.data.find((customer) => customer.metadata[BORROWER_METADATA] === mark);
    if (known) return known.id;
    const made = await stripe.customers.create({ metadata: { [BORROWER_METADATA]: mark } }, { idempotencyKey: `customer-for-borrower-${mark}` });
    return made.id;
  }

  /**
   * The card a SetupIntent saved, when it is this borrower's to bind: it succeeded, we made it
   * for this borrower (our metadata), its Customer is the borrower's and holds its PaymentMethod.
   * Anything else (a PaymentMethod id, another borrower's or another integration's SetupIntent,
   * one not confirmed) is no card.
   */
  async tokenDetails(token: string, borrowerId: number): Promise<CardTokenDetails | null> {
    if (!token.startsWith('seti_')) return null;
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.settings.client.setupIntents.retrieve(token, { expand: ['payment_method', 'customer'] });
    } catch (error) {
      if (isMissing(error)) return null;
      raise(error);
    }
    const mark = String(borrowerId);
    if (intent.status !== 'succeeded' || intent.metadata?.[PURPOSE_METADATA] !== BIND_CARD_PURPOSE || intent.metadata[BORROWER_METADATA] !== mark) return null;
    const customer = intent.customer;
    if (customer === null || typeof customer === 'string' || customer.deleted || customer.metadata[BORROWER_METADATA] !== mark) return null;
    const method = intent.payment_method;
    if (method === null || typeof method === 'string' || method.type !== 'card' || !method.card || idOf(method.customer) !== customer.id) return null;
    return detailsOf(method, method.card);
  }

  async charge(request: ChargeRequest): Promise<Charge> {
    return this.create(request, await this.cardsCustomer(request.token));
  }

  /** The Customer the saved card is attached to, whose PaymentIntents it is charged under. */
  private async cardsCustomer(token: string): Promise<string> {
    try {
      const method = await this.settings.client.paymentMethods.retrieve(token);
      if (!method.customer) throw new CardTokenUnknownError('the payment method is not attached to a customer');
      return typeof method.customer === 'string' ? method.customer : method.customer.id;
    } catch (error) {
      if (isMissing(error)) throw new CardTokenUnknownError('stripe does not hold this payment method');
      if (error instanceof CardTokenUnknownError) throw error;
      raise(error);
    }
  }

  /**
   * The confirmed off-session PaymentIntent under the request's key. The parameters depend on the
   * request alone, so sent again they are the same, and Stripe answers its first answer.
   */
  private async create(request: ChargeRequest, customer: string): Promise<Charge> {
    try {
      const intent = await this.settings.client.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: request.currency.toLowerCase(),
          customer,
          payment_method: request.token,
          off_session: true,
          confirm: true,
          metadata: { [IDEMPOTENCY_METADATA]: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      // An intent neither paid nor refused is still in Stripe's hands: the reconciler asks for it by its key.
      return chargeOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return this.refused(error, request);
      raise(error);
    }
  }

  /**
   * A card Stripe refused: a decline, no money, or a bank asking for 3-D Secure with nobody there
   * to answer it, which is a decline for this charge (the borrower pays through the redirect
   * checkout, where Stripe can ask).
   */
  private refused(error: Stripe.errors.StripeCardError, request: ChargeRequest): Charge {
    const code = error.decline_code ?? error.code ?? '';
    const intent = error.payment_intent;
    return {
      chargeId: intent?.id ?? `declined-${request.idempotencyKey}`,
      outcome: INSUFFICIENT.has(code) || INSUFFICIENT.has(error.code ?? '') ? 'insufficientFunds' : 'declined',
      amountMinor: request.amountMinor,
      createdAt: intent ? new Date(intent.created * 1000) : new Date(),
    };
  }

  /**
   * A charge whose answer was lost (docs/decisions/213). Search is not used: Stripe documents it as
   * lagging writes (up to an hour in an outage) and unavailable in India. The card's own Customer's
   * PaymentIntents are listed, which reads what was just written, and the one carrying our key is the
   * charge. None there, within a day of sending, the same request is sent again under the same key:
   * Stripe answers the charge it made, or makes the one it never ran, once. None there after that day,
   * Stripe may have forgotten the key, so nothing is sent and no answer is given: the record waits
   * for an operator. Never null, since only Stripe's answer can say there is no charge.
   */
  async findCharge(sent: SentCharge): Promise<Charge> {
    let customer: string;
    try {
      customer = await this.cardsCustomer(sent.token);
    } catch (error) {
      if (error instanceof CardTokenUnknownError) throw new CardProviderTimeoutError(`the charge under ${sent.idempotencyKey} cannot be looked for: ${error.message}`);
      throw error;
    }
    const listed = await this.listed(customer, sent);
    if (listed) return chargeOf(listed);
    if (this.settings.now().getTime() - sent.sentAt.getTime() >= ASK_AGAIN_WITHIN_MS) {
      throw new CardProviderTimeoutError(`no payment intent under ${sent.idempotencyKey}, and its key is too old to send again`);
    }
    return this.create(sent, customer);
  }

  /** The customer's PaymentIntent under our key, made since shortly before the charge was sent. */
  private async listed(customer: string, sent: SentCharge): Promise<Stripe.PaymentIntent | undefined> {
    const since = Math.floor(sent.sentAt.getTime() / 1000) - LIST_SLACK_S;
    try {
      for await (const intent of this.settings.client.paymentIntents.list({ customer, created: { gte: since }, limit: 100 })) {
        if (intent.metadata[IDEMPOTENCY_METADATA] === sent.idempotencyKey) return intent;
      }
    } catch (error) {
      raise(error);
    }
    return undefined;
  }
}
