import { paymentEventSchema, WebhookError, webhookReceivedSchema, type PaymentEvent } from '@lend/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuseDelivery } from '../../plugins/signed-webhook';
import { type AppliedPayment, WebhookRefusal } from '../payments';
import type { RefundEventOutcome } from '../refunds';

/**
 * What a provider's delivery came to: a payment applied (or its replay), refunds it told of
 * (docs/decisions/126), or an event that moves no reference's money.
 */
export type ProviderDeliveryOutcome = { applied: AppliedPayment } | { refunds: RefundEventOutcome[] } | { ignored: true };

/** What the provider is told of each refund an event named: applied, a replay, or kept for an operator. */
const refundsReceivedSchema = z.object({
  received: z.literal(true),
  refunds: z.array(
    z.object({
      providerRefundId: z.string(),
      outcome: z.enum(['applied', 'replay', 'parked']),
      status: z.enum(['pending', 'succeeded', 'failed']).optional(),
    }),
  ),
});

/** A provider's own events other than a reference's payment or a refund are acknowledged, so it stops sending them. */
export const providerReceivedSchema = z.union([webhookReceivedSchema, refundsReceivedSchema, z.object({ received: z.literal(true), ignored: z.literal(true) })]);

/**
 * A provider's own event read as the common payment report (docs/decisions/115, 121), so the same
 * checks judge it; a currency that is no market's, or a field out of shape, refuses the delivery.
 */
export function providerPaymentReport(fields: Omit<PaymentEvent, 'type' | 'currency'> & { currency: string }): PaymentEvent {
  const parsed = paymentEventSchema.safeParse({ ...fields, type: 'payment.succeeded', currency: fields.currency.toUpperCase() });
  if (parsed.success) return parsed.data;
  const currencyWrong = parsed.error.issues.some((issue) => issue.path[0] === 'currency');
  throw new WebhookRefusal(currencyWrong ? WebhookError.WrongCurrency : WebhookError.InvalidEvent);
}

/** The provider's answer to a verified delivery: its receipt, `ignored`, or the refusal's code; one log line each way. */
export async function answerDelivery(request: FastifyRequest, reply: FastifyReply, label: string, eventType: string, receive: () => Promise<ProviderDeliveryOutcome>) {
  try {
    const outcome = await receive();
    if ('ignored' in outcome) return { received: true as const, ignored: true as const };
    if ('refunds' in outcome) {
      request.log.info({ eventType, refunds: outcome.refunds.map((r) => r.outcome) }, `${label} refund event received`);
      return { received: true as const, refunds: outcome.refunds };
    }
    const { payment, replay } = outcome.applied;
    request.log.info({ paymentId: payment.id, replay }, `${label} cash payment received`);
    return { received: true as const, receiptNo: payment.receiptNo, replay };
  } catch (error) {
    if (!(error instanceof WebhookRefusal)) throw error;
    request.log.info({ eventType, refused: error.code }, `${label} cash payment refused`);
    return refuseDelivery(reply, error.code);
  }
}
