import { WEBHOOK_DELIVERIES_PER_MINUTE } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { createStripeClient } from '../../providers/stripe-client';
import type { StripeCashConfig } from '../../providers/payments/stripe-config';
import { StripeCashPayments } from '../../providers/payments/stripe-cash-payments';
import { verifyStripeEvent } from '../../providers/stripe-webhook';
import { answerDelivery, providerReceivedSchema } from './provider-delivery';
import { rawBody, refuseDelivery, useSignedBodies, WEBHOOK_ERROR_ANSWERS } from '../../plugins/signed-webhook';
import { receiveStripeEvent } from './stripe-webhook-service';
import { isStripeRefundEvent, receiveStripeRefundEvent } from './stripe-refund-events';

export type StripeWebhookOptions = { provider: string; stripe: StripeCashConfig; now: () => Date };

const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * `POST /webhooks/payments/stripe`: Stripe's events for Mexico's cash rails (docs/decisions/115),
 * verified by Stripe's library over the raw body, then judged like any cash provider's report (073, 113).
 */
export function stripeWebhookRoutes(db: Db, options: StripeWebhookOptions): FastifyPluginAsyncZod {
  const stripe = createStripeClient(options.stripe);
  const cash = new StripeCashPayments(db, options.stripe, stripe);
  return async (app) => {
    useSignedBodies(app, 'stripe webhook failed');

    app.post(
      `/${options.provider}`,
      {
        config: { rateLimit: { max: WEBHOOK_DELIVERIES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['webhooks'],
          summary: "Stripe's events: a succeeded OXXO or SPEI PaymentIntent of one of our references is applied once",
          description:
            'Signed with `Stripe-Signature` (the endpoint secret, checked with `stripe.webhooks.constructEvent`; a bad signature or one ' +
            'made more than five minutes ago answers 400). `payment_intent.succeeded` of an intent we opened for a reference becomes the same payment report ' +
            'the sandbox provider sends and passes the same checks. A SPEI transfer of another amount (`payment_intent.partially_funded`, ' +
            'money left in the customer\'s cash balance: `customer_cash_balance_transaction.created`, or after `payment_intent.succeeded`) is taken ' +
            'into a PaymentIntent of its own and applied once under its id. `charge.refunded`, `refund.updated` and `refund.failed` bring each refund they name ' +
            'to the state Stripe gives it, once per event (a failed refund is reversed and the credit returned); a refund we never made is kept ' +
            'for an operator. Any other event answers `{ received: true, ignored: true }`.',
          headers: z.object({ [STRIPE_SIGNATURE_HEADER]: z.string() }),
          response: { 200: providerReceivedSchema, ...WEBHOOK_ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const now = options.now();
        const raw = rawBody(request);
        const header = request.headers[STRIPE_SIGNATURE_HEADER];
        const verdict = verifyStripeEvent(stripe, raw, typeof header === 'string' ? header : undefined, options.stripe.webhookSecret, now);
        // Stripe's own convention for a delivery that fails verification is a 400, whichever part failed.
        if ('refused' in verdict) return refuseDelivery(reply, verdict.refused, undefined, 400);
        const { event } = verdict;
        const receive = isStripeRefundEvent(event)
          ? () => receiveStripeRefundEvent(db, stripe, options.provider, event, now)
          : () => receiveStripeEvent(db, cash, event, now);
        return answerDelivery(request, reply, 'stripe', event.type, receive);
      },
    );
  };
}
