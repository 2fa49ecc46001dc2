import { cardNotificationReceivedSchema, SIGNATURE_HEADER, WEBHOOK_DELIVERIES_PER_MINUTE, WebhookError, webhookErrorSchema, type WebhookErrorCode } from '@lend/contracts';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookAnswer } from '../loans/cash-webhook-answers';
import { WebhookRefusal } from '../loans/cash-webhook-service';
import { redirectNotificationSchema } from '../../providers/cards/redirect-notification';
import { verify } from '../../providers/payments/webhook-signature';
import type { CardDeps } from './card-deps';
import { receiveRedirectNotification } from './notification-service';

function refuse(reply: FastifyReply, code: WebhookErrorCode, detail?: string) {
  const { status, body } = webhookAnswer(code, detail);
  return reply.code(status).send(body);
}

const errorAnswers = Object.fromEntries([400, 401, 404, 422, 429, 500].map((status) => [status, webhookErrorSchema]));

/**
 * `POST /webhooks/payments/<card provider>`: the redirect checkout's signed notification
 * (docs/decisions/073, 082). As for cash providers, the body stays the raw string until the
 * signature over it holds, and answers are the provider's `{ error, message }`.
 */
export function cardWebhookRoutes(deps: CardDeps, options: { provider: string; secret: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.setValidatorCompiler(() => (data) => ({ value: data }));
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode === 429) return refuse(reply, WebhookError.TooManyRequests);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuse(reply, WebhookError.InvalidEvent);
      request.log.error({ err: error }, 'card notification failed');
      return refuse(reply, WebhookError.Internal);
    });

    app.post(
      `/${options.provider}`,
      {
        config: { rateLimit: { max: WEBHOOK_DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['webhooks'],
          summary: `A redirect checkout paid or cancelled, reported by ${options.provider}`,
          description:
            'Signed like the cash webhooks (`Lend-Signature`). Checked in order: signature and time (401), notification (400), ' +
            'our redirect repayment it names (404), currency and amount (422). A paid checkout is applied once; delivered again it ' +
            'answers 200 with `replay: true`.',
          headers: z.object({ [SIGNATURE_HEADER]: z.string() }),
          body: redirectNotificationSchema,
          response: { 200: cardNotificationReceivedSchema, ...errorAnswers },
        },
      },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[SIGNATURE_HEADER];
        const verdict = verify(options.secret, raw, typeof signature === 'string' ? signature : undefined, deps.now());
        if (verdict === 'bad-signature') return refuse(reply, WebhookError.BadSignature);
        if (verdict === 'stale') return refuse(reply, WebhookError.StaleTimestamp);
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return refuse(reply, WebhookError.InvalidEvent);
        }
        const parsed = redirectNotificationSchema.safeParse(json);
        if (!parsed.success) return refuse(reply, WebhookError.InvalidEvent, parsed.error.issues[0]?.path.join('.') || 'body');
        try {
          const received = await receiveRedirectNotification(deps, parsed.data);
          // Neither the merchant reference nor the checkout id: the first names a repayment, the second opens its page.
          request.log.info({ status: received.status, replay: received.replay }, 'card notification received');
          return received;
        } catch (error) {
          if (!(error instanceof WebhookRefusal)) throw error;
          request.log.info({ refused: error.code }, 'card notification refused');
          return refuse(reply, error.code);
        }
      },
    );
  };
}
