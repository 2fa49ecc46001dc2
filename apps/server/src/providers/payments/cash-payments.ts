import { randomInt } from 'node:crypto';
import type { Market } from '@lend/domain';

/** The values of CASH_PAYMENT_PROVIDER_MX and _IN (docs/decisions/115, 121). */
export const CASH_PAYMENT_PROVIDER_NAMES = ['sandbox', 'disabled', 'stripe', 'razorpay'] as const;
export type CashPaymentProviderName = (typeof CASH_PAYMENT_PROVIDER_NAMES)[number];

export type ChannelKind = 'store' | 'bank';

/** Who pays: a real rail may open an account for the borrower or print their name on a voucher. */
export type ReferenceBorrower = { id: number; phone: string; name?: string };

export type ReferenceRequest = {
  orderNo: string;
  channelCode: string;
  kind: ChannelKind;
  amountMinor: number;
  requestType: 1 | 2;
  market: Market;
  currency: 'MXN' | 'INR';
  borrower: ReferenceBorrower;
  /**
   * How many references were asked for this order, channel, purpose and amount before this one
   * (replaced ones and refused tries included): a provider that keys its requests for safe retries
   * must answer a new reference when this changes, and the same one when it does not.
   */
  attempt: number;
};

/** What the borrower's screens show beside the reference, when the rail has more to show. */
export type ReferenceDisplay = {
  /** The provider's hosted voucher page (a store's printable barcode). */
  voucherUrl?: string;
  /** A transfer's receiving bank, its account (a CLABE in Mexico) and the account holder. */
  bankName?: string;
  clabe?: string;
  beneficiary?: string;
  /** India's UPI QR code image (docs/decisions/121). */
  upiQrUrl?: string;
  /** The `upi://pay?…` link the QR code holds, when Razorpay answers it: opens a UPI app on a phone (docs/decisions/131). */
  upiIntentUrl?: string;
  /** An Indian transfer account's IFSC and number (docs/decisions/121). */
  ifsc?: string;
  accountNumber?: string;
};

/** A reference as the provider issued it: the value paid against, and what the provider said of it. */
export type IssuedByProvider = {
  reference: string;
  /** The provider's own deadline; our `Limits.paymentReferenceValidHours` when it gives none. */
  expiresAt?: Date;
  /** The provider's id of the payment it opened for the reference; its payment reports name that. */
  providerPaymentId?: string;
  display?: ReferenceDisplay;
};

/**
 * A cash-payment provider: issues the reference a borrower pays against at a store or by
 * transfer; the payments made are reported to its webhook (modules/payments).
 */
export interface CashPaymentProvider {
  /**
   * A real rail's name, as its payments are recorded ('stripe', 'razorpay'): kept with each
   * reference it issues, so the cash reconciler knows whom to ask (docs/decisions/128). The
   * sandbox has none: its references reach no payment network.
   */
  readonly issuer?: string;
  issueReference(request: ReferenceRequest): Promise<IssuedByProvider>;
  /**
   * Closes the provider's payment of a reference we replaced, so no later payment lands on it; a
   * payment already made stands (its report is judged like any other). Rails without a payment of
   * their own have nothing to close.
   */
  closePayment?(providerPaymentId: string): Promise<void>;
  /**
   * Closes at the provider what a borrower who deleted their account could still pay
   * (docs/decisions/223): the payments opened for their voided references and any account of
   * theirs. What the provider holds closed, paid or expired already counts as closed; any other
   * failure is thrown, once every close was tried.
   */
  closeForDeletion(borrowerId: number, providerPaymentIds: readonly string[]): Promise<void>;
}

/** Tries every close, then throws the first failure: one refusal does not leave the others open. */
export async function closeEach<T>(items: readonly T[], close: (item: T) => Promise<void>): Promise<void> {
  const failures: unknown[] = [];
  for (const item of items) {
    try {
      await close(item);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
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
    return { reference: request.kind === 'store' ? `9${digits(13)}` : `000${digits(15)}` };
  },
  // Its references reach no payment network: voiding them here is all there is.
  async closeForDeletion() {},
};
