import { WEBHOOK_DELIVERIES_PER_MINUTE, WebhookError } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Razorpay from 'razorpay';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { RazorpayConfig } from '../../providers/payments/razorpay-config';
import { receiveRazorpayEvent, razorpayEventSchema } from './razorpay-webhook-service';
import { answerDelivery, providerReceivedSchema } from './provider-delivery';
import { rawBody, refuseDelivery, useSignedBodies, WEBHOOK_ERROR_ANSWERS } from '../../plugins/signed-webhook';
import { isRazorpayRefundEvent, receiveRazorpayRefundEvent } from './razorpay-refund-events';

export type RazorpayWebhookOptions = { provider: string; razorpay: RazorpayConfig; now: () => Date };

const SIGNATURE_HEADER = 'x-razorpay-signature';
const EVENT_ID_HEADER = 'x-razorpay-event-id';

/** Razorpay's own check: the hex HMAC-SHA256 of the raw body with the endpoint's secret. */
function signedByRazorpay(raw: string, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || signature === '') return false;
  return Razorpay.validateWebhookSignature(raw, signature, secret);
}

/**
 * `POST /webhooks/payments/razorpay`: Razorpay's events for India's cash rails (docs/decisions/121),
 * verified over the raw body, then judged like any cash provider's report (073, 113).
 */
export function razorpayWebhookRoutes(db: Db, options: RazorpayWebhookOptions): FastifyPluginAsyncZod {
  return async (app) => {
    useSignedBodies(app, 'razorpay webhook failed');

    app.post(
      `/${options.provider}`,
      {
        config: { rateLimit: { max: WEBHOOK_DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['webhooks'],
          summary: "Razorpay's events: a credited UPI QR code or Smart Collect account of one of our references is applied once",
          description:
            'Signed with `X-Razorpay-Signature` (the endpoint secret, checked with `Razorpay.validateWebhookSignature`; a bad signature answers 400). ' +
            '`qr_code.credited` and `virtual_account.credited` become the same payment report the sandbox provider sends, under ' +
            "Razorpay's payment id (the cash reconciler records a payment it finds under the same id, so either applies it once), " +
            'and pass the same checks. `refund.processed` and `refund.failed` end the refund they name, once per ' +
            'event (a failed refund is reversed and the credit returned); a refund we never made is kept for an operator. Any other event ' +
            'answers `{ received: true, ignored: true }`.',
          headers: z.object({ [SIGNATURE_HEADER]: z.string(), [EVENT_ID_HEADER]: z.string() }),
          response: { 200: providerReceivedSchema, ...WEBHOOK_ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const now = options.now();
        const raw = rawBody(request);
        // Razorpay retries a delivery that is not answered 2xx; a 400 tells it the delivery itself is wrong.
        if (!signedByRazorpay(raw, request.headers[SIGNATURE_HEADER], options.razorpay.webhookSecret)) {
          return refuseDelivery(reply, WebhookError.BadSignature, undefined, 400);
        }
        const eventId = request.headers[EVENT_ID_HEADER];
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return refuseDelivery(reply, WebhookError.InvalidEvent);
        }
        if (typeof eventId !== 'string' || eventId === '') return refuseDelivery(reply, WebhookError.InvalidEvent);
        if (isRazorpayRefundEvent(body)) {
          return answerDelivery(request, reply, 'razorpay', 'refund', () => receiveRazorpayRefundEvent(db, options.provider, eventId, body, now));
        }
        const parsed = razorpayEventSchema.safeParse(body);
        if (!parsed.success) return refuseDelivery(reply, WebhookError.InvalidEvent);
        const event = parsed.data;
        return answerDelivery(request, reply, 'razorpay', event.event, () => receiveRazorpayEvent(db, options.provider, event, now));
      },
    );
  };
}
