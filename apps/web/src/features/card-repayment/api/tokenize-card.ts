import { cardTokenizeResponseSchema, Limits, type CardTokenizeRequest, type CardTokenizeResponse, type TokenizeCardForm } from '@lend/contracts';
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

/** The card to the tokenisation address the card form names (the sandbox's; Stripe takes cards only in its own fields). */
export function tokenizeWithProvider(form: TokenizeCardForm, request: Omit<CardTokenizeRequest, 'publishableKey'>): Promise<TokenizeOutcome> {
  return tokenizeCard(form.tokenizeUrl, { ...request, publishableKey: form.publishableKey });
}
