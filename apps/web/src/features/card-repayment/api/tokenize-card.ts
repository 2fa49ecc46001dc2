import {
  cardTokenizeResponseSchema,
  Limits,
  STRIPE_CARD_PROVIDER,
  stripePaymentMethodSchema,
  type CardFormData,
  type CardTokenizeRequest,
  type CardTokenizeResponse,
} from '@lend/contracts';
import { NetworkError, TimeoutError } from '../../../lib/http/errors';

/** The provider's answer: a token, or a refusal (its English text is not shown to the borrower). */
export type TokenizeOutcome = { ok: true; card: CardTokenizeResponse } | { ok: false; status: number };

/**
 * A plain fetch on purpose: the number must not travel with our session params or headers, nor
 * reach our API or its logs.
 */
async function post(url: string, init: { headers: Record<string, string>; body: string }): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { ...init.headers, Accept: 'application/json' },
      body: init.body,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(Limits.httpTimeoutMs),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'TimeoutError') throw new TimeoutError('The card provider did not answer in time', { cause });
    throw new NetworkError('The card provider could not be reached', { cause });
  }
}

/** Sends the card straight to the sandbox provider's tokenisation address. */
export async function tokenizeCard(url: string, request: CardTokenizeRequest): Promise<TokenizeOutcome> {
  const response = await post(url, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, card: cardTokenizeResponseSchema.parse(await response.json()) };
}

/**
 * Sends the card to Stripe as a PaymentMethod, with the publishable key as Stripe's API takes it
 * (a form, the key as the Bearer credential); Stripe's id is the token (docs/decisions/117).
 */
async function stripePaymentMethod(url: string, request: CardTokenizeRequest): Promise<TokenizeOutcome> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': request.number,
    'card[exp_month]': String(request.expMonth),
    'card[exp_year]': String(request.expYear),
    'billing_details[name]': request.holderName,
  });
  const response = await post(url, {
    headers: { Authorization: `Bearer ${request.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  if (!response.ok) return { ok: false, status: response.status };
  const method = stripePaymentMethodSchema.parse(await response.json());
  return { ok: true, card: { token: method.id, last4: method.card.last4, bankName: method.card.brand, bankCode: method.card.brand.toUpperCase() } };
}

/** The card to the provider the card form names, in that provider's own format. */
export function tokenizeWithProvider(form: CardFormData, request: Omit<CardTokenizeRequest, 'publishableKey'>): Promise<TokenizeOutcome> {
  const withKey = { ...request, publishableKey: form.publishableKey };
  return form.provider === STRIPE_CARD_PROVIDER ? stripePaymentMethod(form.tokenizeUrl, withKey) : tokenizeCard(form.tokenizeUrl, withKey);
}
