import { PROMOTION_BASE, PromotionCode } from '@lend/contracts';
import { AbortedError, HttpError } from '../../../lib/http/errors';
import { formRequest, type FormBody } from '../../../lib/http/form-client';
import { jsonRequest } from '../../../lib/http/json-client';
import { addressQuery } from '../../../lib/page-params';
import { takePageCall } from '../landing-frame';

/** A promotion answer (docs/decisions/050): a string code, the server's message in the visitor's language, maybe data. */
export type PromotionReply<T = undefined> = { code: string; message: string; data?: T };

export type PromotionCall = {
  query?: Readonly<Record<string, string | number | undefined>>;
  /** POST bodies are form-encoded; without one the call is a GET. */
  body?: FormBody;
  signal?: AbortSignal;
  /** The page's address query (the current page's by default): its language travels with the call. */
  address?: URLSearchParams;
  /** The landing's first calls: the same call made by the site root's page is taken instead, once. */
  fromPage?: boolean;
};

export function isReply(value: unknown): value is PromotionReply<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The address of a promotion call, carrying the page's language so the server answers in it. */
export function promotionUrl(path: string, query: PromotionCall['query'] = {}, address: URLSearchParams = addressQuery()): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const language = address.get('language');
  if (language) params.set('language', language);
  const text = params.toString();
  return `${PROMOTION_BASE}${path}${text ? `?${text}` : ''}`;
}

/**
 * Calls a promotion endpoint and resolves to its reply whatever the code, so each screen
 * decides what a code means. Transport failures reject for the caller to show.
 * Answers are not parsed with zod, to keep it out of the landing's download (docs/decisions/050).
 */
export async function callPromotion<T>(path: string, call: PromotionCall = {}): Promise<PromotionReply<T>> {
  const url = promotionUrl(path, call.query, call.address);
  const fromPage = call.fromPage ? await takePageCall(url) : undefined;
  if (call.signal?.aborted) throw new AbortedError('The request was cancelled');
  // A page call that failed in transport, or did not answer as a promotion call, is asked again.
  if (isReply(fromPage)) return fromPage as PromotionReply<T>;
  const options = { ...(call.signal ? { signal: call.signal } : {}), ...(call.address ? { address: call.address } : {}) };
  let answer: unknown;
  try {
    answer = call.body ? await formRequest(url, call.body, options) : await jsonRequest(url, undefined, { ...options, method: 'GET' });
  } catch (error) {
    if (error instanceof HttpError && isReply(error.body)) answer = error.body;
    else throw error;
  }
  if (!isReply(answer)) throw new HttpError(200, answer);
  return answer as PromotionReply<T>;
}

export const isOk = (reply: PromotionReply<unknown>) => reply.code === PromotionCode.Ok;
