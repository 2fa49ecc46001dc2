import { isLoanStatusCode, type LoanStatusCode, type PayoutStatus } from '@lend/contracts';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';

const STATUS_KEYS: Record<LoanStatusCode, BackofficeKey> = {
  21: 'bo.orders.status.21',
  151: 'bo.orders.status.151',
  110: 'bo.orders.status.110',
  170: 'bo.orders.status.170',
  174: 'bo.orders.status.174',
  180: 'bo.orders.status.180',
  200: 'bo.orders.status.200',
};

/** The text of an order's status code; an unknown code is shown as it is. */
export function statusText(t: (key: BackofficeKey) => string, status: number): string {
  return isLoanStatusCode(status) ? t(STATUS_KEYS[status]) : String(status);
}

const PAYOUT_STATUS_KEYS: Record<PayoutStatus, BackofficeKey> = {
  queued: 'bo.payout.status.queued',
  validating: 'bo.payout.status.validating',
  sending: 'bo.payout.status.sending',
  processing: 'bo.payout.status.processing',
  paid: 'bo.payout.status.paid',
  rejected: 'bo.payout.status.rejected',
  reversed: 'bo.payout.status.reversed',
  held: 'bo.payout.status.held',
};

/** The text of a payout's state. */
export const payoutStatusText = (t: (key: BackofficeKey) => string, status: PayoutStatus): string => t(PAYOUT_STATUS_KEYS[status]);
