import type { PaymentException } from '@lend/contracts';
import type { PaymentExceptionRow } from './payment-exception-repository';

export function paymentExceptionView(row: PaymentExceptionRow): PaymentException {
  return {
    id: row.id,
    provider: row.provider,
    eventId: row.eventId,
    reason: row.reason as PaymentException['reason'],
    paymentId: row.paymentId,
    event: row.event,
    receivedAt: row.receivedAt.toISOString(),
  };
}
