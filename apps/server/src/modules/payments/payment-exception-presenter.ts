import type { PaymentException } from '@lend/contracts';
import type { PaymentExceptionRow } from './payment-exception-repository';

/** The operator's view of a kept delivery, in the list and as the answer to closing one. */
export function paymentExceptionView(row: PaymentExceptionRow): PaymentException {
  return {
    id: row.id,
    provider: row.provider,
    eventId: row.eventId,
    reason: row.reason as PaymentException['reason'],
    paymentId: row.paymentId,
    event: row.event,
    receivedAt: row.receivedAt.toISOString(),
    resolution: resolutionView(row),
  };
}

// The table's check keeps the four columns all set or all null; the type cannot say so.
function resolutionView({ resolvedAt, resolvedBy, resolution, resolutionNote }: PaymentExceptionRow): PaymentException['resolution'] {
  if (resolvedAt === null || resolvedBy === null || resolution === null || resolutionNote === null) return null;
  return { outcome: resolution, note: resolutionNote, by: resolvedBy, at: resolvedAt.toISOString() };
}
