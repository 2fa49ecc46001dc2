import { SIGNATURE_HEADER, WEBHOOK_BASE, WebhookError, type WebhookErrorCode } from '@lend/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currentMetrics } from '../../metrics';
import { verify } from '../../providers/payments/webhook-signature';
import { webhookAnswer } from './cash-webhook-answers';

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
 * The scope of a signed provider webhook (docs/decisions/073): the HMAC covers the exact bytes
 * sent, so every body stays the raw string and is parsed only after the signature holds (the
 * declared body schema documents the event and never rejects first); failures answer the
 * provider's `{ error, message }`, not the borrower envelope.
 */
export function useSignedBodies(app: FastifyInstance, failureLine: string): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.statusCode === 429) return refuseDelivery(reply, WebhookError.TooManyRequests);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuseDelivery(reply, WebhookError.InvalidEvent, error.message);
    request.log.error({ err: error }, failureLine);
    return refuseDelivery(reply, WebhookError.Internal);
  });
}

export type SignedEvent<T> = { event: T } | { refused: WebhookErrorCode; detail?: string };

/** The delivery's event once its signature and time hold and its body fits the schema; else why not. */
export function readSignedEvent<T extends z.ZodType>(request: FastifyRequest, schema: T, secret: string, now: Date): SignedEvent<z.output<T>> {
  const raw = typeof request.body === 'string' ? request.body : '';
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
