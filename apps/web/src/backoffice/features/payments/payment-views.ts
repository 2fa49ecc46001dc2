import {
  PAYMENT_EXCEPTION_STATES,
  REFERENCE_STATES,
  WEBHOOK_OUTCOMES,
  type LedgerCheckView,
  type PaymentException,
  type PaymentExceptionState,
  type RefundApprovalView,
  type ReferenceState,
  type StaffMe,
  type WebhookOutcome,
} from '@lend/contracts';

export const PAYMENTS_PATH = '/payments';

/** The Payments section's pages, one per question an officer asks of the money (docs/decisions/176, 181, 182). */
export const PAYMENT_VIEWS = ['received', 'exceptions', 'refunds', 'cards', 'references', 'webhooks', 'ledger', 'settlement', 'record'] as const;
export type PaymentViewName = (typeof PAYMENT_VIEWS)[number];

/** The page an address asks for; the payments received when it names none or an unknown one. */
export function paymentViewOf(param: string | null): PaymentViewName {
  return PAYMENT_VIEWS.find((candidate) => candidate === param) ?? 'received';
}

/** Order numbers are letters and digits; anything else typed could not name one. */
export const cleanOrderNo = (typed: string): string => typed.replace(/[^A-Za-z0-9]/g, '').slice(0, 32);

/**
 * The day a settlement run asks for by default: yesterday in UTC, the last day whose settlement
 * files the providers have closed.
 */
export function defaultSettlementDay(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The order a parked delivery was about, when its body names one (the providers' events do, under different names). */
export function exceptionOrderNo(exception: PaymentException): string | undefined {
  for (const key of ['orderNo', 'orderId', 'order_id', 'reference']) {
    const value = exception.event[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

/** One line per mismatch the books' check found, for a table: what disagrees, and by how much. */
export function ledgerMismatchLines(result: LedgerCheckView): { key: string; kind: string; orderNo: string; detail: string }[] {
  return result.mismatches.map((mismatch, index) => {
    const { kind, ...rest } = mismatch;
    const orderNo = 'orderNo' in rest && typeof rest.orderNo === 'string' ? rest.orderNo : '';
    const detail = Object.entries(rest)
      .filter(([name]) => name !== 'orderNo')
      .map(([name, value]) => `${name}: ${String(value)}`)
      .join(', ');
    return { key: `${index}`, kind, orderNo, detail };
  });
}

/**
 * What the reader may do with a refund waiting for a second person (docs/decisions/180): an
 * administrator who did not ask decides; the one who asked waits for someone else; anyone else
 * waits for an administrator.
 */
export function approvalStanding(approval: Pick<RefundApprovalView, 'requestedByStaffId'>, me: Pick<StaffMe, 'staffId' | 'role'>): 'decide' | 'mine' | 'needs-admin' {
  if (approval.requestedByStaffId === me.staffId) return 'mine';
  return me.role === 'admin' ? 'decide' : 'needs-admin';
}

/** The reference state an address asks for, or none. */
export function referenceStateOf(param: string | null): ReferenceState | undefined {
  return REFERENCE_STATES.find((state) => state === param);
}

/** The delivery outcome an address asks for, or none. */
export function webhookOutcomeOf(param: string | null): WebhookOutcome | undefined {
  return WEBHOOK_OUTCOMES.find((outcome) => outcome === param);
}

/** The exceptions an address asks for: the open ones when it names none or an unknown state (docs/decisions/208). */
export function exceptionStateOf(param: string | null): PaymentExceptionState {
  return PAYMENT_EXCEPTION_STATES.find((state) => state === param) ?? 'open';
}
