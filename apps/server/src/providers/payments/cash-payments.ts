import { randomInt } from 'node:crypto';

export type ChannelKind = 'store' | 'bank';

export type ReferenceRequest = { orderNo: string; channelCode: string; kind: ChannelKind; amountMinor: number; requestType: 1 | 2 };

/**
 * A cash-payment provider: issues the reference a borrower pays against at a store or by
 * transfer, and later reports the payments made (that part belongs to repayment).
 */
export interface CashPaymentProvider {
  issueReference(request: ReferenceRequest): Promise<string>;
}

function digits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(0, 10))).join('');
}

/**
 * The sandbox provider that runs by default: references shaped like the real ones (14 digits
 * for a store barcode, an 18-digit account for a transfer) that reach no real network. The
 * transfer accounts start with 000, which no real bank uses.
 */
export const sandboxCashPayments: CashPaymentProvider = {
  async issueReference(request) {
    return request.kind === 'store' ? `9${digits(13)}` : `000${digits(15)}`;
  },
};
