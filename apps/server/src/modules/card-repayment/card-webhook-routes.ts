import { cardNotificationReceivedSchema, SIGNATURE_HEADER, WEBHOOK_DELIVERIES_PER_MINUTE } from '@lend/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CardProviderTimeoutError, CardProviderUnavailableError } from '../../providers/cards/card-provider';
import { z } from 'zod';
import { rawBody, readSignedEvent, refuseDelivery, useSignedBodies, WEBHOOK_ERROR_ANSWERS } from '../../plugins/signed-webhook';
import { WebhookRefusal } from '../payments';
import { redirectNotificationSchema, type NotificationReader, type RedirectNotification } from '../../providers/cards/redirect-notification';
import type { CardDeps } from './card-deps';
import { receiveRedirectNotification } from './notification-service';

/** Where a return may send the borrower: a page of ours (a path and its hash route), never another site. */
const OWN_PAGE = /^\/#\/[^\s]*$/;

/**
 * `POST /webhooks/payments/<card provider>`: the redirect checkout's signed notification
 * (docs/decisions/073, 082), in the same signed-body scope as the cash providers' webhook. A
 * provider with a format of its own (Stripe, docs/decisions/117) brings its reader; its events that
 * are not a checkout's end are answered 204 and change nothing.
 */
export function cardWebhookRoutes(deps: CardDeps, options: { provider: string; secret: string; reader?: NotificationReader | undefined }): FastifyPluginAsyncZod {
  const reader = options.reader;
  const signatureHeader = reader?.signatureHeader ?? SIGNATURE_HEADER;
  const received = async (log: FastifyBaseLogger, notification: RedirectNotification) => {
    const answer = await receiveRedirectNotification(deps, notification);
    // Neither the merchant reference nor the checkout id: the first names a repayment, the second opens its page.
    log.info({ status: answer.status, replay: answer.replay }, 'card notification received');
    return answer;
  };
  return async (app) => {
    useSignedBodies(app, 'card notification failed');

    app.post(
      `/${options.provider}`,
      {
        config: { rateLimit: { max: WEBHOOK_DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['webhooks'],
          summary: `A redirect checkout paid or cancelled, reported by ${options.provider}`,
          description:
            (reader ? `Signed by the provider (\`${signatureHeader}\`); events other than a checkout's end answer 204. ` : 'Signed like the cash webhooks (`Lend-Signature`). ') +
            'Checked in order: signature and time (401), notification (400), ' +
            'our redirect repayment it names (404), currency and amount (422), a time no later than we received it (five minutes ' +
            'allowed for the clock; 422, kept for an operator). A paid checkout is applied once; delivered again it answers 200 ' +
            'with `replay: true`; another charge or a cancellation for a paid checkout answers 409 and is kept for an operator.',
          headers: z.object({ [signatureHeader]: z.string() }),
          ...(reader ? {} : { body: redirectNotificationSchema }),
          response: { 200: cardNotificationReceivedSchema, 204: z.null(), ...WEBHOOK_ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        let notification: RedirectNotification;
        if (reader) {
          const signature = request.headers[signatureHeader];
          const eventId = reader.eventIdHeader ? request.headers[reader.eventIdHeader] : undefined;
          const read = reader.read(
            rawBody(request),
            typeof signature === 'string' ? signature : undefined,
            deps.now(),
            typeof eventId === 'string' ? eventId : undefined,
          );
          if ('refused' in read) return refuseDelivery(reply, read.refused);
          if ('ignored' in read) {
            request.log.info({ ignored: read.ignored }, 'card provider event not for a checkout');
            return reply.code(204).send(null);
          }
          notification = read.notification;
        } else {
          const signed = readSignedEvent(request, redirectNotificationSchema, options.secret, deps.now());
          if ('refused' in signed) return refuseDelivery(reply, signed.refused, signed.detail);
          notification = signed.event;
        }
        try {
          return await received(request.log, notification);
        } catch (error) {
          if (!(error instanceof WebhookRefusal)) throw error;
          request.log.info({ refused: error.code }, 'card notification refused');
          return refuseDelivery(reply, error.code);
        }
      },
    );

    const readReturn = reader?.readReturn;
    if (!readReturn) return;
    app.get(
      `/${options.provider}/return`,
      {
        config: { rateLimit: { max: WEBHOOK_DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['webhooks'],
          summary: `The borrower back from ${options.provider}'s hosted checkout`,
          description:
            "The provider's signed return (Razorpay: `razorpay_signature` over the link, reference, status and payment, with the key " +
            'secret). A bad signature answers 401 and changes nothing; a paid one is read from the provider and applied once, as ' +
            'its webhook would be (the two settle the same charge once); then the borrower is sent to `back`, a page of ours.',
          querystring: z.object({ back: z.string().max(2_000) }).passthrough(),
          response: { 303: z.null(), ...WEBHOOK_ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const back = typeof query.back === 'string' && OWN_PAGE.test(query.back) ? query.back : '/';
        let read: Awaited<ReturnType<typeof readReturn>>;
        try {
          read = await readReturn(query);
        } catch (error) {
          if (!(error instanceof CardProviderTimeoutError || error instanceof CardProviderUnavailableError)) throw error;
          // The webhook or the reconciler settles it; the result screen shows where it stands meanwhile.
          request.log.warn({ err: error }, 'card checkout return not read from the provider');
          return reply.code(303).header('location', back).send(null);
        }
        if ('refused' in read) {
          request.log.warn({ refused: read.refused }, 'card checkout return refused');
          return refuseDelivery(reply, read.refused);
        }
        if (read.notification) {
          try {
            await received(request.log, read.notification);
          } catch (error) {
            if (!(error instanceof WebhookRefusal)) throw error;
            request.log.info({ refused: error.code }, 'card checkout return refused');
          }
        }
        return reply.code(303).header('location', back).send(null);
      },
    );
  };
}
