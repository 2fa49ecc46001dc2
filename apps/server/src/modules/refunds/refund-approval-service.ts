import { ErrorCode } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { AppError } from '../../errors';
import { lockOrderForMoney, orderNumbers } from '../orders';
import { isSecondPerson, recordAudit, staffNames, type Actor } from '../staff';
import { approvalsPage, findApproval, lockApproval, saveDecision, type RefundApprovalRow, type RefundApprovalStatus } from './refund-approval-repository';
import { findRefund, type RefundRow } from './refund-repository';
import { actorName, sentToProviders, writeRefund, type RefundDeps, type RefundRecord } from './refund-service';

export type ApprovalRecord = RefundApprovalRow & { orderNo: string };

/**
 * The second person of a refund above the limit (docs/decisions/180): a named administrator who
 * did not ask for it, did not make the account that asked (docs/decisions/219), and is not the one
 * the token's request was made in the name of. The route table lets only administrators in person
 * call these; the service says it again, so no other caller can reach them.
 */
async function refuseUnlessSecondPerson(db: Queryable, actor: Actor, approval: RefundApprovalRow): Promise<void> {
  if (actor.kind !== 'staff' || actor.role !== 'admin' || actor.staffId === null) throw new AppError(ErrorCode.StaffRoleRefused);
  if (!(await isSecondPerson(db, actor.staffId, approval.requestedByStaffId))) throw new AppError(ErrorCode.RefundApprovalOwnRequest);
  if (approval.requestedByStaffId === null && (await staffNames(db, actor.staffId)).includes(approval.recordedBy.trim().toLowerCase())) {
    throw new AppError(ErrorCode.RefundApprovalOwnRequest);
  }
}

async function withOrderNo(db: Queryable, row: RefundApprovalRow): Promise<ApprovalRecord> {
  const numbers = await orderNumbers(db, [row.orderId]);
  return { ...row, orderNo: numbers.get(row.orderId) ?? '' };
}

/**
 * Approves a request: in one transaction, the order locked, then the request, the refund written
 * (its ledger entry, the credit taken off, its own audit entry) and the request marked approved
 * with it. Two administrators approving at once take turns on the lock: the second finds it
 * approved and answers the same refund, so the money moves once.
 */
export async function approveRefund(deps: RefundDeps, approvalId: number, actor: Actor, now = new Date()): Promise<{ approval: ApprovalRecord; refund: RefundRecord; replay: boolean }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const unlocked = await findApproval(tx, approvalId);
    if (!unlocked) throw new AppError(ErrorCode.RefundApprovalNotFound);
    const locked = await lockOrderForMoney(tx, unlocked.orderId);
    const approval = await lockApproval(tx, approvalId);
    if (!locked || !approval) throw new AppError(ErrorCode.RefundApprovalNotFound);
    await refuseUnlessSecondPerson(tx, actor, approval);
    if (approval.status === 'declined') throw new AppError(ErrorCode.RefundApprovalDecided);
    if (approval.status === 'approved') {
      const refund = approval.refundId === null ? undefined : await findRefund(tx, approval.refundId);
      if (!refund) throw new Error(`approved refund request ${approval.id} has no refund`);
      return { approval, refund, refunds: [refund], replay: true };
    }
    const written = await writeRefund(
      tx,
      deps,
      approval.orderId,
      {
        orderNo: locked.order.orderNo,
        amountMinor: approval.amountMinor,
        outside: approval.outside,
        note: approval.note ?? undefined,
        recordedBy: approval.recordedBy,
        idempotencyKey: `refund-approval:${approval.id}`,
      },
      { actor, approvalId: approval.id },
      now,
    );
    if (!written.refund) throw new Error('an approved refund asked for approval again');
    const decided = await saveDecision(tx, approval.id, {
      status: 'approved',
      decidedByStaffId: actor.staffId,
      decidedBy: actorName(actor),
      decisionNote: null,
      decidedAt: now,
      refundId: written.refund.id,
    });
    await recordAudit(tx, actor, {
      action: 'refund.approve',
      objectType: 'refund-approval',
      objectId: approval.id,
      before: { status: approval.status, requestedBy: approval.requestedBy, amountMinor: approval.amountMinor, creditMinor: locked.order.creditMinor },
      after: { status: 'approved', refundId: written.refund.id, amountMinor: approval.amountMinor, creditMinor: locked.order.creditMinor - approval.amountMinor },
    }, now);
    return { approval: decided, refund: written.refund, refunds: written.refunds, replay: false };
  });
  // Every part goes to its provider now; the answer names the first, as the request does.
  const refund: RefundRow = outcome.replay ? outcome.refund : ((await sentToProviders(deps, outcome.refunds, now))[0] ?? outcome.refund);
  const approval = await withOrderNo(deps.db, outcome.approval);
  return { approval, refund: { ...refund, orderNo: approval.orderNo }, replay: outcome.replay };
}

/** Declines a request, saying why: nothing moves; a request declined once stays declined. */
export async function declineRefund(db: Db, approvalId: number, note: string, actor: Actor, now = new Date()): Promise<{ approval: ApprovalRecord; replay: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    const approval = await lockApproval(tx, approvalId);
    if (!approval) throw new AppError(ErrorCode.RefundApprovalNotFound);
    await refuseUnlessSecondPerson(tx, actor, approval);
    if (approval.status === 'declined') return { approval, replay: true };
    if (approval.status === 'approved') throw new AppError(ErrorCode.RefundApprovalDecided);
    const decided = await saveDecision(tx, approval.id, {
      status: 'declined',
      decidedByStaffId: actor.staffId,
      decidedBy: actorName(actor),
      decisionNote: note,
      decidedAt: now,
      refundId: null,
    });
    await recordAudit(tx, actor, {
      action: 'refund.decline',
      objectType: 'refund-approval',
      objectId: approval.id,
      before: { status: approval.status, requestedBy: approval.requestedBy, amountMinor: approval.amountMinor },
      after: { status: 'declined', note },
    }, now);
    return { approval: decided, replay: false };
  });
  return { approval: await withOrderNo(db, outcome.approval), replay: outcome.replay };
}

/** One page of requests, newest first; only those in `status` when given. */
export async function approvalPage(db: Queryable, status: RefundApprovalStatus | undefined, page: PageRequest<readonly [number]>): Promise<ApprovalRecord[]> {
  const rows = await approvalsPage(db, status, page);
  const numbers = await orderNumbers(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({ ...row, orderNo: numbers.get(row.orderId) ?? '' }));
}
