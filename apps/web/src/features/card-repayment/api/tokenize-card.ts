import { cardTokenizeResponseSchema, Limits, type CardTokenizeRequest, type CardTokenizeResponse } from '@lend/contracts';
import { NetworkError, TimeoutError } from '../../../lib/http/errors';

/** The provider's answer: a token, or a refusal (its English text is not shown to the borrower). */
export type TokenizeOutcome = { ok: true; card: CardTokenizeResponse } | { ok: false; status: number };

/**
 * Sends the card straight to the provider's tokenisation address. A plain fetch on purpose: the
 * number must not travel with our session params or headers, nor reach our API or its logs.
 */
export async function tokenizeCard(url: string, request: CardTokenizeRequest): Promise<TokenizeOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(Limits.httpTimeoutMs),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'TimeoutError') throw new TimeoutError('The card provider did not answer in time', { cause });
    throw new NetworkError('The card provider could not be reached', { cause });
  }
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, card: cardTokenizeResponseSchema.parse(await response.json()) };
}
