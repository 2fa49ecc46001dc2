import type { Language } from '@lend/contracts';
import type { Market } from '@lend/domain';

/**
 * A card payment provider (docs/decisions/080). The browser gives the card to the provider (at the
 * provider's tokenisation address, or in the provider's own card fields: docs/decisions/218) and
 * gives us only the token; we charge the token. Every charge carries an
 * idempotency key: asking twice with the same key is the same charge, never a second one.
 */

/** What the provider tells us about a token: never the card number. */
export type CardTokenDetails = {
  token: string;
  last4: string;
  bankName: string;
  bankCode: string;
  /** The provider asks for a one-time code (sent by our SMS provider) before charging this card. */
  requiresCode: boolean;
};

export type ChargeRequest = {
  idempotencyKey: string;
  token: string;
  amountMinor: number;
  currency: 'MXN' | 'INR';
};

/** A charge as it was sent: what a provider needs to find it again, or to ask for it again under its key. */
export type SentCharge = ChargeRequest & { sentAt: Date };

export type ChargeOutcome = 'succeeded' | 'declined' | 'insufficientFunds';

export type Charge = { chargeId: string; outcome: ChargeOutcome; amountMinor: number; createdAt: Date };

/** The provider did not answer in time: the charge may or may not exist; ask again with `findCharge`. */
export class CardProviderTimeoutError extends Error {
  override name = 'CardProviderTimeoutError';
}

/** The provider could not be reached or refused the request itself (not a card decline). */
export class CardProviderUnavailableError extends Error {
  override name = 'CardProviderUnavailableError';
}

/** The provider never issued this token (or no longer holds it): nothing was charged. */
export class CardTokenUnknownError extends Error {
  override name = 'CardTokenUnknownError';
}

/**
 * How the browser takes a new card: our fields posting to the provider's address (`form`), or the
 * provider's own fields in its frame, loaded from `scriptUrl` for a setup made for this borrower
 * (`payment-element`); the card-form answer of `packages/contracts`, less the provider's name.
 */
export type CardEntry =
  | { entry: 'form'; tokenizeUrl: string; publishableKey: string }
  | { entry: 'payment-element'; scriptUrl: string; publishableKey: string; clientSecret: string };

export interface CardProvider {
  readonly name: string;
  /**
   * True for a provider that keeps the borrower's cards on its own hosted page and takes no card
   * from ours (docs/decisions/125): the card screens offer that page, not our add-card form.
   */
  readonly cardsOnItsOwnPage?: boolean;
  /** How the borrower's browser gives this provider a new card, for a borrower of `market`. */
  cardEntry(borrowerId: number, market: Market): Promise<CardEntry>;
  /**
   * The token's card as the provider holds it; null for a token it never issued, or one that is
   * not this borrower's to bind.
   */
  tokenDetails(token: string, borrowerId: number): Promise<CardTokenDetails | null>;
  /** Charges once per idempotency key: a repeated key answers the first charge. */
  charge(request: ChargeRequest): Promise<Charge>;
  /**
   * The charge made with this key: how a crash or a timeout is settled. Null only when the provider
   * is sure no charge was made under it; a provider that cannot yet say throws
   * `CardProviderTimeoutError` (docs/decisions/213).
   */
  findCharge(sent: SentCharge): Promise<Charge | null>;
}

export type CheckoutRequest = {
  /** Our repayment record: the provider's notification names it. */
  merchantReference: string;
  amountMinor: number;
  currency: 'MXN' | 'INR';
  /** Where the provider sends the borrower back, paid or not. */
  returnUrl: string;
  /** The borrower's language, for a checkout page that can speak it. */
  language: Language;
};

/**
 * The redirect ("alipay-style") payment: the provider hosts the checkout page and tells us the
 * result by a signed notification to `/webhooks/payments/<provider>` (docs/decisions/073, 080).
 */
export interface RedirectPaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }>;
  /**
   * Where the checkout of our repayment record stands, as the provider holds it: how a lost
   * notification is settled. Null when no checkout was created for it.
   */
  findCheckout(merchantReference: string): Promise<CheckoutState | null>;
}

export type CheckoutState = {
  checkoutId: string;
  merchantReference: string;
  status: 'open' | 'paid' | 'cancelled';
  amountMinor: number;
  currency: 'MXN' | 'INR';
  /** The provider's charge of a paid checkout. */
  chargeId: string | null;
  completedAt: Date | null;
};
