import { CARD_OK_CODE, CARD_REPAYMENT_BASE } from '@lend/contracts';
import { HttpError } from '../../../lib/http/errors';
import { jsonRequest } from '../../../lib/http/json-client';
import type { DataSchema } from '../../../lib/http/machine';
import { currentAddress } from '../../../lib/http/request';
import { commonQuery, readPageParams } from '../../../lib/page-params';

/**
 * A card call's answer: '00' with its data, or any other code with the server's
 * message, already in the borrower's language, and whatever `data` the refusal carried (a charge
 * that did not pay names its repayment there). The redirect payment's address travels beside the
 * code, not in `data`.
 */
export type CardReply<T> = { ok: true; data: T; url: string | undefined } | { ok: false; code: string; message: string; data: unknown };

export type CardCall<T> = {
  /** Validates `data`; a screen's first read goes without (decision 100), its writes validate. */
  schema?: DataSchema<T>;
  /** JSON body; without one the POST is sent empty (repayment-way). */
  body?: Readonly<Record<string, unknown>>;
  /** Values that travel in the query beside the session params (repayment-way's orderId). */
  query?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** The page's address query (the current page's by default). */
  address?: URLSearchParams;
};

type Envelope = { code: string; message: string; data?: unknown; url?: unknown };

function isCardEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** `<base><path>?<session params>&<query>`: every card call carries the session like a borrower call. */
export function cardUrl(path: string, address: URLSearchParams, query: Readonly<Record<string, string>> = {}): string {
  const params = commonQuery(readPageParams(address));
  for (const [key, value] of Object.entries(query)) params.set(key, value);
  const text = params.toString();
  return `${CARD_REPAYMENT_BASE}${path}${text ? `?${text}` : ''}`;
}

/**
 * POSTs a card call and resolves to its reply whatever the code or HTTP status, so each screen
 * decides what a code means. Transport failures and answers that are not a card
 * envelope reject for the caller to show.
 */
export async function callCard<T>(path: string, call: CardCall<T>): Promise<CardReply<T>> {
  const address = currentAddress(call);
  const options = { method: 'POST' as const, address, ...(call.signal ? { signal: call.signal } : {}) };
  let answer: unknown;
  try {
    answer = await jsonRequest(cardUrl(path, address, call.query), call.body, options);
  } catch (error) {
    if (error instanceof HttpError && isCardEnvelope(error.body)) answer = error.body;
    else throw error;
  }
  if (!isCardEnvelope(answer)) throw new HttpError(200, answer);
  if (answer.code !== CARD_OK_CODE) return { ok: false, code: answer.code, message: answer.message, data: answer.data ?? null };
  return { ok: true, data: call.schema ? call.schema.parse(answer.data) : (answer.data as T), url: typeof answer.url === 'string' ? answer.url : undefined };
}
