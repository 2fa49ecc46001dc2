import { ErrorCode, type PaymentExceptionResolveRequest } from '@lend/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { auditActorName, recordAudit, type Actor } from '../staff';
import { lockPaymentException, saveResolution, type PaymentExceptionRow } from './payment-exception-repository';

/**
 * Closes a kept delivery with what an operator did about it (docs/decisions/208). Only the record
 * changes: no money moves and no ledger entry is written, since the money, if any moved, was
 * recorded where it moved (a transfer recorded by hand, a return made at the bank). The row is
 * locked, so of two operators closing it at once the second is refused, and its audit entry
 * commits with it (162).
 */
export async function resolvePaymentException(db: Db, actor: Actor, id: number, input: PaymentExceptionResolveRequest, now = new Date()): Promise<PaymentExceptionRow> {
  return db.transaction(async (tx) => {
    const kept = await lockPaymentException(tx, id);
    if (!kept) throw new AppError(ErrorCode.PaymentExceptionNotFound);
    if (kept.resolvedAt !== null) throw new AppError(ErrorCode.PaymentExceptionResolved);
    const resolved = await saveResolution(tx, id, { resolvedAt: now, resolvedBy: auditActorName(actor), resolution: input.resolution, resolutionNote: input.note });
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.exception.resolve',
        objectType: 'payment-exception',
        objectId: id,
        before: { provider: kept.provider, eventId: kept.eventId, reason: kept.reason, resolution: null },
        after: { resolution: input.resolution, note: input.note },
      },
      now,
    );
    return resolved;
  });
}
