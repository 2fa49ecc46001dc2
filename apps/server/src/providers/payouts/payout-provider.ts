/**
 * Sending a loan's money to the borrower's bank account (SPEI in Mexico, IMPS or UPI in India).
 * Every transfer carries an idempotency key made from the order: asking again with the same key is
 * the same transfer, never a second one, and answers where it stands now. A call that times out
 * after the provider may have accepted it throws `PayoutOutcomeUnknown`; the payout then stays in
 * flight until a look-up by its key settles what happened.
 */
export type PayoutCurrency = 'MXN' | 'INR';

/** The borrower's account a payout goes to, as the profiles module holds it. */
export type PayoutBeneficiary = {
  /** Our payout account's id: a provider that keeps its own record of an account keys it by this. */
  payoutAccountId: number;
  borrowerId: number;
  /** 'clabe' in Mexico (18 digits), 'bank-account' in India (account number with its IFSC). */
  kind: 'clabe' | 'bank-account';
  accountNumber: string;
  /** The CLABE's three-digit bank code in Mexico, the IFSC in India. */
  bankCode: string;
  holderName: string;
};

export type PayoutRequest = {
  /** Our payout's own number. */
  payoutId: number;
  /** Made from the order and the attempt; at most 35 characters of [A-Za-z0-9-], which every rail accepts. */
  idempotencyKey: string;
  orderNo: string;
  amountMinor: number;
  currency: PayoutCurrency;
  beneficiary: PayoutBeneficiary;
  /** What the borrower's statement shows; a provider shortens it to what its rail carries. */
  narration: string;
};

/** Why a bank or the provider refused or returned a transfer. */
export type PayoutRejection = 'account-closed' | 'account-invalid' | 'name-mismatch' | 'bank-rejected' | 'other';

export type PayoutState =
  /** Accepted, not yet confirmed by the receiving bank. */
  | { status: 'processing'; providerPayoutId: string }
  /** Confirmed: `transferRef` is what the borrower's bank shows (SPEI tracking key, UTR). */
  | { status: 'paid'; providerPayoutId: string; transferRef: string; paidAt: Date }
  /** Refused before any money left: nothing to reverse. */
  | { status: 'rejected'; providerPayoutId?: string | undefined; reason: PayoutRejection; detail: string }
  /** Returned after it was paid: the money came back to the lender. */
  | { status: 'reversed'; providerPayoutId: string; transferRef?: string | undefined; reason: PayoutRejection; detail: string };

/** What a check of the account before its first payout found. */
export type AccountCheck =
  | { status: 'valid'; registeredName: string | null }
  | { status: 'invalid'; reason: PayoutRejection; detail: string }
  /** The check was started and has not answered yet: ask again with the same key. */
  | { status: 'pending' };

/** One payout the provider completed on a day, for the daily settlement report. */
export type PayoutLine = { providerPayoutId: string; idempotencyKey?: string | undefined; amountMinor: number; feeMinor: number; currency: PayoutCurrency; status: 'paid' | 'reversed' };

/** A provider's notification about a payout, verified by the provider (a signature, or a look-up where the rail signs nothing). */
export type PayoutNotification = {
  /** The provider's id of this notification, or one made from its content: the same one twice is a replay. */
  eventId: string;
  idempotencyKey?: string | undefined;
  providerPayoutId?: string | undefined;
  /**
   * The provider's own reference made from our key (STP's tracking key), when the notification
   * carries neither our key nor, before the provider's answer reached us, an id we kept.
   */
  reference?: string | undefined;
  state: PayoutState;
};

export class PayoutOutcomeUnknown extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutOutcomeUnknown';
  }
}

/** A notification that fails its provider's verification. */
export class PayoutNotificationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutNotificationRefused';
  }
}

export interface PayoutProvider {
  /** The provider's name, as payouts record it ('sandbox-payout', 'razorpayx', 'stp'). */
  readonly name: string;
  readonly currency: PayoutCurrency;
  /**
   * Checks that the account exists and gives its holder's registered name, before the first payout
   * to it. Idempotent by `key`: asking again answers the same check. Absent where the rail has no such check.
   */
  validateAccount?(beneficiary: PayoutBeneficiary, key: string): Promise<AccountCheck>;
  /** Sends the transfer, or answers the one already made with this key. */
  send(request: PayoutRequest): Promise<PayoutState>;
  /** Where a payout stands, found by our key (and the provider's id when we have it); 'not-found' when the provider never received it. */
  lookup(payout: { idempotencyKey: string; providerPayoutId?: string | undefined; sentOn: string }): Promise<PayoutState | 'not-found'>;
  /** The provider's reference for the payout sent under this key, where its notifications name payouts by one (see `PayoutNotification.reference`). */
  referenceOf?(idempotencyKey: string): string;
  /** The body the provider documents as the answer to its notification (STP's `{"mensaje":"recibido"}`); ours unless set. */
  readonly acknowledgement?: Readonly<Record<string, string>>;
  /** Verifies and reads a notification the provider sent to our webhook, from its raw body and headers. */
  readNotification(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): Promise<PayoutNotification>;
  /** The payouts the provider completed on a UTC day (YYYY-MM-DD), for the settlement report. */
  payoutsOn(day: string): Promise<PayoutLine[]>;
}
