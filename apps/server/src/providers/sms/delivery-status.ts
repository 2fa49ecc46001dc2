import { SMS_STATUSES, type SmsStatus } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { updateOutboxStatus } from './outbox-repository';

/** How far along a status is; a report moves a message only forward (the final three are equal). */
const PROGRESS: Record<SmsStatus, number> = { sending: 0, queued: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3 };

/**
 * A gateway's delivery report for one of its messages: recorded unless the message already stands
 * as far or further (reports may arrive out of order or twice). False when nothing changed.
 */
export async function recordDeliveryStatus(
  db: Queryable,
  report: { provider: string; providerMessageId: string; status: SmsStatus; errorCode: number | null },
): Promise<boolean> {
  const earlier = SMS_STATUSES.filter((status) => PROGRESS[status] < PROGRESS[report.status]);
  if (earlier.length === 0) return false;
  return updateOutboxStatus(db, report, { status: report.status, errorCode: report.errorCode }, earlier);
}
