import type { Language, RefundApprovalView, RefundRequestAnswer, RefundView } from '@lend/contracts';
import { formatAmount, type Market } from '@lend/domain';
import type { ApprovalRecord } from './refund-approval-service';
import type { RefundRequestRow } from './refund-repository';
import type { RefundRecord } from './refund-service';

const NEXT_STEP: Record<RefundRequestAnswer['status'], Record<Language, string>> = {
  open: {
    en: 'We have your request. Your credit will be sent back to the way you paid, or by bank transfer.',
    es: 'Recibimos su solicitud. Su saldo a favor se le devolverá por el medio con el que pagó o por transferencia bancaria.',
  },
  refunded: {
    en: 'Your credit has been sent back.',
    es: 'Su saldo a favor ya fue devuelto.',
  },
};

export function refundRequestView(language: Language, answer: { request: RefundRequestRow; orderNo: string; market: Market }): RefundRequestAnswer {
  const { request } = answer;
  const status = request.status === 'refunded' ? 'refunded' : 'open';
  return {
    requestId: request.id,
    orderNo: answer.orderNo,
    creditMinor: request.creditMinor,
    creditText: formatAmount(request.creditMinor, answer.market),
    status,
    message: NEXT_STEP[status][language],
  };
}

const STATUSES = ['pending', 'succeeded', 'failed'] as const;
const statusOf = (value: string): RefundView['status'] => STATUSES.find((status) => status === value) ?? 'pending';

export function refundView(refund: RefundRecord): RefundView {
  return {
    id: refund.id,
    orderNo: refund.orderNo,
    provider: refund.provider,
    providerRefundId: refund.providerRefundId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    status: statusOf(refund.status),
    requestId: refund.requestId,
    recordedBy: refund.recordedBy,
    note: refund.note,
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
  };
}

const APPROVAL_STATUSES = ['pending', 'approved', 'declined'] as const;
const approvalStatusOf = (value: string): RefundApprovalView['status'] => APPROVAL_STATUSES.find((status) => status === value) ?? 'pending';

export function refundApprovalView(approval: ApprovalRecord): RefundApprovalView {
  return {
    id: approval.id,
    orderNo: approval.orderNo,
    amountMinor: approval.amountMinor,
    currency: approval.currency,
    outside: approval.outside,
    note: approval.note,
    status: approvalStatusOf(approval.status),
    requestedBy: approval.requestedBy,
    requestedByStaffId: approval.requestedByStaffId,
    decidedBy: approval.decidedBy,
    decisionNote: approval.decisionNote,
    decidedAt: approval.decidedAt?.toISOString() ?? null,
    refundId: approval.refundId,
    createdAt: approval.createdAt.toISOString(),
  };
}
