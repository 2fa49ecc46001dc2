import { paymentEventSchema, SIGNATURE_HEADER, WEBHOOK_DELIVERIES_PER_MINUTE, webhookReceivedSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { readSignedEvent, refuseDelivery, useSignedBodies, WEBHOOK_ERROR_ANSWERS } from '../../plugins/signed-webhook';
import { receiveCashPayment, WebhookRefusal } from '../payments';

export type CashWebhookOptions = {
  /** The provider's name, as the path and the payments it records carry it (e.g. 'sandbox-cash'). */
  provider: string;
  secret: string;
  now: () => Date;
};

/**
 * `POST /webhooks/payments/<provider>`: a cash provider reports a payment (docs/decisions/073),
 * in a signed-body scope (`useSignedBodies`): the event is checked by hand after its signature.
 */
export function cashWebhookRoutes(db: Db, options: CashWebhookOptions): FastifyPluginAsyncZod {
  return async (app) => {
    useSignedBodies(app, 'payment webhook failed');

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
            'channel (404), its order (409), paid no later than received (five minutes allowed for the clock) and not before the ' +
            'reference was issued (422, kept for an operator), not expired when paid (409), currency (422), amount within the ' +
            'channel limits (422). The same event id is applied once: a delivery again answers 200 with the first receipt and ' +
            '`replay: true`; the same id with another order, reference, amount or currency answers 409 and is kept for an operator.',
          headers: z.object({ [SIGNATURE_HEADER]: z.string() }),
          body: paymentEventSchema,
          response: { 200: webhookReceivedSchema, ...WEBHOOK_ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const now = options.now();
        const signed = readSignedEvent(request, paymentEventSchema, options.secret, now);
        if ('refused' in signed) return refuseDelivery(reply, signed.refused, signed.detail);
        const { event } = signed;
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
          return refuseDelivery(reply, error.code);
        }
      },
    );
  };
}
