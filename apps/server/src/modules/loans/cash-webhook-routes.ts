import {
  paymentEventSchema,
  SIGNATURE_HEADER,
  WEBHOOK_DELIVERIES_PER_MINUTE,
  WebhookError,
  webhookErrorSchema,
  webhookReceivedSchema,
  type WebhookErrorCode,
} from '@lend/contracts';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { verify } from '../../providers/payments/webhook-signature';
import { webhookAnswer } from './cash-webhook-answers';
import { receiveCashPayment, WebhookRefusal } from './cash-webhook-service';

export type CashWebhookOptions = {
  /** The provider's name, as the path and the payments it records carry it (e.g. 'sandbox-cash'). */
  provider: string;
  secret: string;
  now: () => Date;
};

function refuse(reply: FastifyReply, code: WebhookErrorCode, detail?: string) {
  const { status, body } = webhookAnswer(code, detail);
  return reply.code(status).send(body);
}

const errorAnswers = Object.fromEntries([400, 401, 404, 409, 422, 429, 500].map((status) => [status, webhookErrorSchema]));

/**
 * `POST /webhooks/payments/<provider>`: a cash provider reports a payment (docs/decisions/073).
 * The HMAC covers the exact bytes sent, so this scope keeps every body as the raw string and
 * parses it only after the signature holds; the body schema below documents the event and is
 * checked by hand in that order. Answers are the provider's `{ error, message }`, not the
 * borrower envelope.
 */
export function cashWebhookRoutes(db: Db, options: CashWebhookOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    // The event is validated after the signature, so the declared body schema never rejects first.
    app.setValidatorCompiler(() => (data) => ({ value: data }));
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode === 429) return refuse(reply, WebhookError.TooManyRequests);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuse(reply, WebhookError.InvalidEvent, error.message);
      request.log.error({ err: error }, 'payment webhook failed');
      return refuse(reply, WebhookError.Internal);
    });

    app.post(
      `/${options.provider}`,
      {
        config: { rateLimit: { max: WEBHOOK_DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['webhooks'],
          summary: `A payment made against one of our references, reported by ${options.provider}`,
          description:
            'Signed with `Lend-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; a time more than five ' +
            'minutes from ours either way is refused. Checked in order: signature and time (401), event (400), reference at the ' +
            'channel (404), its order (409), not expired when paid (409), currency (422), amount within the channel limits (422). ' +
            'The same event id is applied once: a delivery again answers 200 with the first receipt and `replay: true`.',
          headers: z.object({ [SIGNATURE_HEADER]: z.string() }),
          body: paymentEventSchema,
          response: { 200: webhookReceivedSchema, ...errorAnswers },
        },
      },
      async (request, reply) => {
        const now = options.now();
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[SIGNATURE_HEADER];
        const verdict = verify(options.secret, raw, typeof signature === 'string' ? signature : undefined, now);
        if (verdict === 'bad-signature') return refuse(reply, WebhookError.BadSignature);
        if (verdict === 'stale') return refuse(reply, WebhookError.StaleTimestamp);

        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return refuse(reply, WebhookError.InvalidEvent);
        }
        const parsed = paymentEventSchema.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return refuse(reply, WebhookError.InvalidEvent, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : undefined);
        }
        const event = parsed.data;
        // The provider's event id stays in the payments table, not the log: its digits read like an account number.
        try {
          const { payment, replay } = await receiveCashPayment(db, options.provider, event, now);
          // The payment's id, not its receipt number: a receipt number's digits can read like a card number to a log scan.
          request.log.info({ orderNo: event.orderNo, paymentId: payment.id, replay }, 'cash payment received');
          return { received: true as const, receiptNo: payment.receiptNo, replay };
        } catch (error) {
          if (!(error instanceof WebhookRefusal)) throw error;
          // The order number is the sender's claim, not ours: only the channel and the reason are logged.
          request.log.info({ channel: event.channel, refused: error.code }, 'cash payment refused');
          return refuse(reply, error.code);
        }
      },
    );
  };
}
