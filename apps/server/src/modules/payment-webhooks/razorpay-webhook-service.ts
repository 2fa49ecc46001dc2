import { WebhookError } from '@lend/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { razorpayAccountById } from '../../providers/payments/razorpay-accounts';
import { referenceOfProviderPayment } from '../repayment';
import { providerPaymentReport, type ProviderDeliveryOutcome } from './provider-delivery';
import { receiveCashPayment, WebhookRefusal } from '../payments';

const entity = <T extends z.ZodType>(shape: T) => z.object({ entity: shape });
const paymentEntity = z.object({ id: z.string(), amount: z.number().int(), currency: z.string(), created_at: z.number().int() });

/** The parts of Razorpay's webhook body we read; the rest of its entities pass untouched. */
export const razorpayEventSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: entity(paymentEntity).optional(),
    qr_code: entity(z.object({ id: z.string(), notes: z.unknown() })).optional(),
    virtual_account: entity(z.object({ id: z.string() })).optional(),
  }),
});
export type RazorpayEvent = z.infer<typeof razorpayEventSchema>;

type Target = { reference: string; channel: string; orderNo: string };

/** The reference a credit pays: the QR code's own, or the one the borrower's account was last given. */
async function targetOf(db: Db, event: RazorpayEvent): Promise<Target | undefined> {
  if (event.event === 'qr_code.credited') {
    const qrId = event.payload.qr_code?.entity.id;
    const issued = qrId ? await referenceOfProviderPayment(db, qrId) : undefined;
    if (!issued) throw new WebhookRefusal(WebhookError.UnknownReference);
    // Razorpay sends notes as an object, or an empty list when there are none.
    const notes = z.object({ orderNo: z.string() }).safeParse(event.payload.qr_code?.entity.notes);
    const orderNo = notes.success ? notes.data.orderNo : '';
    return { reference: issued.reference.reference, channel: issued.channel.code, orderNo };
  }
  if (event.event === 'virtual_account.credited') {
    const accountId = event.payload.virtual_account?.entity.id;
    const account = accountId ? await razorpayAccountById(db, accountId) : undefined;
    if (!account?.reference || !account.channelCode || !account.orderNo) throw new WebhookRefusal(WebhookError.UnknownReference);
    return { reference: account.reference, channel: account.channelCode, orderNo: account.orderNo };
  }
  return undefined;
}

/**
 * A verified Razorpay event (docs/decisions/121): a credited UPI QR code or Smart Collect account
 * becomes the same payment report the sandbox's webhook carries and goes through the same checks
 * and apply path (073, 113). `payment.captured` of the same money is acknowledged only: the credit
 * event already carries it, and applying both would count it twice. The report's id is Razorpay's
 * payment id, not the delivery's event id: the cash reconciler, which finds the payment without any
 * event, records it under the same key, so whichever comes first applies it (docs/decisions/128).
 */
export async function receiveRazorpayEvent(db: Db, provider: string, event: RazorpayEvent, now: Date): Promise<ProviderDeliveryOutcome> {
  const target = await targetOf(db, event);
  if (!target) return { ignored: true };
  const payment = event.payload.payment?.entity;
  if (!payment) throw new WebhookRefusal(WebhookError.InvalidEvent);
  const reported = providerPaymentReport({
    id: payment.id,
    ...target,
    amountMinor: payment.amount,
    currency: payment.currency,
    paidAt: new Date(payment.created_at * 1000).toISOString(),
  });
  // The payment's own id is what a refund returns and the settlement report lists (docs/decisions/127).
  return { applied: await receiveCashPayment(db, provider, reported, now, payment.id) };
}
