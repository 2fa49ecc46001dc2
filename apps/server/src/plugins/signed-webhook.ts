import { SIGNATURE_HEADER, WEBHOOK_BASE, WebhookError, webhookErrorSchema, type WebhookErrorAnswer, type WebhookErrorCode } from '@lend/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currentMetrics } from '../metrics';
import { verify } from '../providers/payments/webhook-signature';

/** What a raw-body scope answers for a failure its routes did not answer themselves. */
export type RawBodyErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Every body of the scope stays the exact string sent, unvalidated (the declared body schema only
 * documents it): a signature covers those bytes, and a parser's error would quote them into a log.
 * Each route reads its body with `rawBody` and parses it itself.
 */
export function useRawBodies(app: FastifyInstance, onError?: RawBodyErrorHandler): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  if (onError) app.setErrorHandler(onError);
}

/** The body as it came, in a scope of `useRawBodies`. */
export function rawBody(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

/** The status and English text a provider reads for each refusal; the code is what its software keys on. */
const ANSWERS: Record<WebhookErrorCode, { status: number; message: string }> = {
  [WebhookError.BadSignature]: { status: 401, message: 'The Lend-Signature header is missing or does not match the body.' },
  [WebhookError.StaleTimestamp]: { status: 401, message: 'The signed timestamp is more than five minutes from our clock.' },
  [WebhookError.InvalidEvent]: { status: 400, message: 'The body is not a payment event.' },
  [WebhookError.UnknownReference]: { status: 404, message: 'No such reference at this channel.' },
  [WebhookError.ReferenceOrderMismatch]: { status: 409, message: 'The reference belongs to another order.' },
  [WebhookError.ReferenceExpired]: { status: 409, message: 'The reference had expired when it was paid.' },
  [WebhookError.WrongCurrency]: { status: 422, message: "The currency is not the order's." },
  [WebhookError.AmountOutOfRange]: { status: 422, message: "The amount is not within the channel's limits for one payment." },
  [WebhookError.EventIdReused]: { status: 409, message: 'This event id was applied before with another order, reference, amount or currency; kept for an operator.' },
  [WebhookError.PaidAtOutOfRange]: { status: 422, message: 'The payment time is later than we received it, or before the reference was issued; kept for an operator.' },
  [WebhookError.BorrowerDeleted]: { status: 409, message: "The reference's borrower deleted their account; the payment is kept for an operator to return." },
  [WebhookError.TooManyRequests]: { status: 429, message: 'Too many deliveries; retry later.' },
  [WebhookError.Internal]: { status: 500, message: 'The payment could not be recorded; retry later.' },
};

function webhookAnswer(code: WebhookErrorCode, detail?: string): { status: number; body: WebhookErrorAnswer } {
  const { status, message } = ANSWERS[code];
  return { status, body: { error: code, message: detail ? `${message} ${detail}` : message } };
}

/** Every refusal's status with its body, for a webhook route's declared answers. */
export const WEBHOOK_ERROR_ANSWERS = Object.fromEntries([400, 401, 404, 409, 422, 429, 500].map((status) => [status, webhookErrorSchema]));

/** A refusal as the provider reads it: its status (or one the provider's convention asks for) and `{ error, message }`. */
export function refuseDelivery(reply: FastifyReply, code: WebhookErrorCode, detail?: string, status?: number) {
  const answer = webhookAnswer(code, detail);
  const answered = status ?? answer.status;
  // By the provider's path (`stripe`, `razorpay-card`), the one label a delivery gives that is ours (docs/decisions/170).
  const provider = (reply.request.routeOptions.url ?? '').slice(WEBHOOK_BASE.length + 1).split('/')[0] || 'unknown';
  if (answered >= 500) currentMetrics().webhookFailed(provider);
  else currentMetrics().webhookRefused(provider, code);
  return reply.code(answered).send(answer.body);
}

/**
 * The scope of a signed payment webhook (docs/decisions/073): raw bodies, parsed only after the
 * signature holds; failures answer the provider's `{ error, message }`, not the borrower envelope.
 */
export function useSignedBodies(app: FastifyInstance, failureLine: string): void {
  useRawBodies(app, (error, request, reply) => {
    if (error.statusCode === 429) return refuseDelivery(reply, WebhookError.TooManyRequests);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuseDelivery(reply, WebhookError.InvalidEvent, error.message);
    request.log.error({ err: error }, failureLine);
    return refuseDelivery(reply, WebhookError.Internal);
  });
}

export type SignedEvent<T> = { event: T } | { refused: WebhookErrorCode; detail?: string };

/** The delivery's event once its `Lend-Signature` and time hold and its body fits the schema; else why not. */
export function readSignedEvent<T extends z.ZodType>(request: FastifyRequest, schema: T, secret: string, now: Date): SignedEvent<z.output<T>> {
  const raw = rawBody(request);
  const signature = request.headers[SIGNATURE_HEADER];
  const verdict = verify(secret, raw, typeof signature === 'string' ? signature : undefined, now);
  if (verdict === 'bad-signature') return { refused: WebhookError.BadSignature };
  if (verdict === 'stale') return { refused: WebhookError.StaleTimestamp };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { refused: WebhookError.InvalidEvent };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { event: parsed.data };
  const issue = parsed.error.issues[0];
  return issue ? { refused: WebhookError.InvalidEvent, detail: `${issue.path.join('.') || 'body'}: ${issue.message}` } : { refused: WebhookError.InvalidEvent };
}
