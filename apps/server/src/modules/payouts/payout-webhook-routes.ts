import { payoutAcknowledgementSchema, payoutWebhookAnswerSchema, SIGNATURE_HEADER, WEBHOOK_DELIVERIES_PER_MINUTE, WebhookError, webhookErrorSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawBody, useRawBodies } from '../../plugins/signed-webhook';
import { PayoutNotificationRefused, type PayoutProvider } from '../../providers/payouts/payout-provider';
import type { PayoutDeps } from './payout-deps';
import { receivePayoutNotification } from './payout-notifications';

/**
 * `POST /webhooks/payouts/<provider>`: each configured payout provider's notifications, on their
 * raw bodies, verified by the provider itself (docs/decisions/152, 153). A body the provider cannot
 * verify answers 401 like the payment webhooks; a verified one 200, applied once, with the answer the
 * provider documents where it names one (docs/decisions/158).
 */
export function payoutWebhookRoutes(deps: PayoutDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The provider verifies the exact bytes it signed.
    useRawBodies(app);
    const providers = new Map<string, PayoutProvider>();
    for (const provider of deps.rails.values()) providers.set(provider.name, provider);
    for (const provider of providers.values()) {
      app.post(
        `/${provider.name}`,
        {
          config: { rateLimit: { max: WEBHOOK_DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
          schema: {
            tags: ['webhooks'],
            summary: `A payout's progress, reported by ${provider.name}`,
            headers: z.object({ [SIGNATURE_HEADER]: z.string().optional() }),
            response: { 200: z.union([payoutWebhookAnswerSchema, payoutAcknowledgementSchema]), 401: webhookErrorSchema },
          },
        },
        async (request, reply) => {
          const raw = Buffer.from(rawBody(request), 'utf8');
          let notification;
          try {
            notification = await provider.readNotification(raw, request.headers);
          } catch (error) {
            if (!(error instanceof PayoutNotificationRefused)) throw error;
            return reply.code(401).send({ error: WebhookError.BadSignature, message: 'The notification could not be verified.' });
          }
          const { replay } = await receivePayoutNotification(deps, provider, notification);
          request.log.info({ provider: provider.name, status: notification.state.status, replay }, 'payout notification received');
          // A provider that documents its own acknowledgement retries until it gets it.
          return provider.acknowledgement ?? { received: true as const, replay };
        },
      );
    }
  };
}
