import { PROMOTION_BASE, PromotionCode } from '@lend/contracts';
import { HttpError } from '../../../lib/http/errors';
import { formRequest, type FormBody } from '../../../lib/http/form-client';
import { jsonGetRequest, jsonRequest } from '../../../lib/http/json-client';
import { addressQuery } from '../../../lib/hash-route';
import type { ScreenRequest } from '@lend/contracts';

/** A promotion answer (docs/decisions/050): a string code, the server's message in the visitor's language, maybe data. */
export type PromotionReply<T = undefined> = { code: string; message: string; data?: T };

export type PromotionCall = {
  query?: Readonly<Record<string, string | number | undefined>>;
  /** POST bodies are form-encoded; without one the call is a GET. */
  body?: FormBody;
  signal?: AbortSignal;
  /** The page's address query (the current page's by default): its language travels with the call. */
  address?: URLSearchParams;
  /** The landing's first calls: the same call started by the site root's page is taken instead, once (lib/prefetch). */
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

/** The GET the promotion client sends for this call: the site root's page sends the landing's first ones ahead of it. */
export function promotionRequest(path: string, query: PromotionCall['query'], address: URLSearchParams = addressQuery()): ScreenRequest {
  return jsonGetRequest(promotionUrl(path, query, address), address);
}

/**
 * Calls a promotion endpoint and resolves to its reply whatever the code, so each screen
 * decides what a code means. Transport failures reject for the caller to show.
 * Answers are not parsed with zod, to keep it out of the landing's download (docs/decisions/050).
 */
export async function callPromotion<T>(path: string, call: PromotionCall = {}): Promise<PromotionReply<T>> {
  const url = promotionUrl(path, call.query, call.address);
  const options = {
    ...(call.signal ? { signal: call.signal } : {}),
    ...(call.address ? { address: call.address } : {}),
    ...(call.fromPage ? { reusePrefetch: true } : {}),
  };
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
