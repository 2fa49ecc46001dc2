import { STRIPE_CARD_PROVIDER } from '@lend/contracts';
import Stripe from 'stripe';
import { CardProviderTimeoutError, CardTokenUnknownError, type CardProvider, type CardTokenDetails, type Charge, type ChargeOutcome, type ChargeRequest } from '../card-provider';
import { providerFailure } from './stripe-errors';


/** Stripe's documented address for creating a PaymentMethod from card details with a publishable key. */
export const STRIPE_PAYMENT_METHODS_PATH = '/v1/payment_methods';

/** Where our idempotency key is kept on a PaymentIntent, so `findCharge` can search for it. */
export const IDEMPOTENCY_METADATA = 'lend_idempotency_key';

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

export type StripeCardSettings = { client: Stripe; publishableKey: string; apiBaseUrl: string };

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

function chargeOf(intent: Stripe.PaymentIntent, outcome: ChargeOutcome): Charge {
  return { chargeId: intent.id, outcome, amountMinor: outcome === 'succeeded' ? intent.amount_received : intent.amount, createdAt: new Date(intent.created * 1000) };
}

/**
 * Cards on Stripe (docs/decisions/117): the browser turns the card into a PaymentMethod with the
 * publishable key; binding it attaches it to a Customer of its own, so it can be charged later with
 * nobody present; a charge is a confirmed off-session PaymentIntent under our idempotency key, which
 * is also kept in its metadata so a lost answer can be found again.
 */
export class StripeCardProvider implements CardProvider {
  readonly name = STRIPE_CARD_PROVIDER;

  constructor(private readonly settings: StripeCardSettings) {}

  tokenizeForm(): { tokenizeUrl: string; publishableKey: string } {
    return { tokenizeUrl: new URL(STRIPE_PAYMENT_METHODS_PATH, this.settings.apiBaseUrl).toString(), publishableKey: this.settings.publishableKey };
  }

  async tokenDetails(token: string): Promise<CardTokenDetails | null> {
    if (!token.startsWith('pm_')) return null;
    const stripe = this.settings.client;
    let method: Stripe.PaymentMethod;
    try {
      method = await stripe.paymentMethods.retrieve(token);
    } catch (error) {
      if (isMissing(error)) return null;
      raise(error);
    }
    if (method.type !== 'card' || !method.card) return null;
    if (method.customer === null) {
      try {
        // One Customer per saved card, made once per PaymentMethod: binding the same card again finds it attached.
        const customer = await stripe.customers.create({}, { idempotencyKey: `customer-for-${method.id}` });
        method = await stripe.paymentMethods.attach(method.id, { customer: customer.id });
      } catch (error) {
        if (isMissing(error)) return null;
        raise(error);
      }
    }
    const card = method.card;
    if (!card) return null;
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

  async charge(request: ChargeRequest): Promise<Charge> {
    const stripe = this.settings.client;
    let customer: string;
    try {
      const method = await stripe.paymentMethods.retrieve(request.token);
      if (!method.customer) throw new CardTokenUnknownError('the payment method is not attached to a customer');
      customer = typeof method.customer === 'string' ? method.customer : method.customer.id;
    } catch (error) {
      if (isMissing(error)) throw new CardTokenUnknownError('stripe does not hold this payment method');
      if (error instanceof CardTokenUnknownError) throw error;
      raise(error);
    }
    try {
      const intent = await stripe.paymentIntents.create(
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
      const outcome = outcomeOf(intent);
      // An intent neither paid nor refused is still in Stripe's hands: the reconciler asks for it by its key.
      if (outcome === null) throw new CardProviderTimeoutError(`payment intent ${intent.id} is still ${intent.status}`);
      return chargeOf(intent, outcome);
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

  async findCharge(idempotencyKey: string): Promise<Charge | null> {
    let found: Stripe.ApiSearchResult<Stripe.PaymentIntent>;
    try {
      found = await this.settings.client.paymentIntents.search({
        query: `metadata['${IDEMPOTENCY_METADATA}']:'${idempotencyKey.replace(/['\\]/g, '')}'`,
        limit: 10,
      });
    } catch (error) {
      raise(error);
    }
    const intent = found.data.find((candidate) => candidate.metadata[IDEMPOTENCY_METADATA] === idempotencyKey);
    if (!intent) return null;
    const outcome = outcomeOf(intent);
    // Still in Stripe's hands: not "no charge", so the record stays charging for the next run.
    if (outcome === null) throw new CardProviderTimeoutError(`payment intent ${intent.id} is still ${intent.status}`);
    return chargeOf(intent, outcome);
  }
}
