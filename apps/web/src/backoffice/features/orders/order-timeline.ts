import { LoanStatus, type OrderSummary, type PayoutView } from '@lend/contracts';

/** One line of an order's timeline: what happened and when, oldest first. */
export type TimelineEvent =
  | { kind: 'status'; at: string; status: number }
  | { kind: 'payout'; at: string; payout: PayoutView; stage: 'created' | 'paid' };

/**
 * An order's timeline from what the server keeps: the instants of its status changes on the order
 * (placed, approved, paid out, settled) and each payout's creation and payment. A rejection keeps
 * no instant of its own on the order, so a rejected order shows its state without a time.
 */
export function orderTimeline(order: OrderSummary, payouts: readonly PayoutView[]): TimelineEvent[] {
  const events: TimelineEvent[] = [{ kind: 'status', at: order.createdAt, status: LoanStatus.UnderReview }];
  if (order.approvedAt) events.push({ kind: 'status', at: order.approvedAt, status: LoanStatus.Disbursing });
  if (order.disbursedAt) events.push({ kind: 'status', at: order.disbursedAt, status: LoanStatus.Disbursed });
  if (order.settledAt) events.push({ kind: 'status', at: order.settledAt, status: LoanStatus.Settled });
  for (const payout of payouts) {
    events.push({ kind: 'payout', at: payout.createdAt, payout, stage: 'created' });
    if (payout.paidAt) events.push({ kind: 'payout', at: payout.paidAt, payout, stage: 'paid' });
  }
  // Equal instants keep the order above: a status before the payout it started.
  return events.map((event, index) => ({ event, index })).sort((a, b) => Date.parse(a.event.at) - Date.parse(b.event.at) || a.index - b.index).map(({ event }) => event);
}

/** What an operator may do to an order now, from its status and its newest payout. */
export function orderActions(order: OrderSummary, newestPayout: PayoutView | undefined): { approve: boolean; reject: boolean; disburse: boolean; retry: boolean } {
  const underReview = order.status === LoanStatus.UnderReview;
  const approved = order.status === LoanStatus.Disbursing;
  const payoutFailed = newestPayout !== undefined && (newestPayout.status === 'rejected' || newestPayout.status === 'reversed');
  const payoutWaiting = newestPayout === undefined || newestPayout.status === 'queued' || newestPayout.status === 'held';
  // Sending again is asked of a payout not yet landed and not refused: the server sends a queued one and, on the sandbox rail, lands one in flight; a held one waits for its reason to go.
  const payoutOpen = newestPayout === undefined || ['queued', 'validating', 'sending', 'processing'].includes(newestPayout.status);
  return { approve: underReview, reject: underReview || (approved && (payoutWaiting || payoutFailed)), disburse: approved && payoutOpen, retry: approved && payoutFailed };
}
