// Card repayment's plain values: addresses, codes, limits, statuses and the card-number rules the
// form checks as the borrower types. No zod here, so a screen that only shows the card form does
// not download the schema library; the schemas are in card-repayment.ts, which re-exports these.

/**
 * Card repayment: its own base, session params in the query like every
 * borrower call, and an envelope whose success code is the string '00'; any other code is one of
 * `ErrorCode` as a string, with its message in the borrower's language (docs/decisions/080).
 */
export const CARD_REPAYMENT_BASE = '/api/v1/youmi/youmi-api/service/loan';

/** The card provider name whose browser tokenisation is Stripe's PaymentMethods API (docs/decisions/117). */
export const STRIPE_CARD_PROVIDER = 'stripe-card';

export const CardRepaymentPath = {
  /** `POST <path>?<params>&orderId=`: saved cards, a fresh repayToken, the amount to pay. */
  way: '/repayment-way',
  /** Starts (or, with the same token and amount, returns) the one repayment of a listing. */
  commit: '/repayment-commit',
  /** Checks the SMS code and charges the card once. */
  confirm: '/repayment-confirm',
  /** The redirect (alipay-style) payment: answers the provider's checkout address. */
  redirect: '/repayment-huichao',
  /** Where a repayment stands: the screen shows it after a charge or a return from checkout. */
  result: '/repayment-result',
  /** Where the browser tokenises a new card (the provider's address and public key). */
  cardForm: '/card-form',
  /** Saves the card behind a provider token for the borrower. */
  bindCard: '/bind-card',
} as const;

/** The card envelope's success code. */
export const CARD_OK_CODE = '00';

/** Security numbers of the card SMS code and the listing token (docs/decisions/080). */
export const CardLimits = {
  codeLength: 6,
  codeTtlMs: 5 * 60 * 1000,
  codeMaxWrongTries: 5,
  codeResendMs: 60 * 1000,
  /** A listing's repayToken may be committed within this time. */
  repayTokenTtlMs: 30 * 60 * 1000,
  /** A charge still "charging" after this long is settled by the reconciler with the provider. */
  reconcileAfterMs: 2 * 60 * 1000,
  cardNumberMinDigits: 13,
  cardNumberMaxDigits: 19,
  holderNameMax: 60,
} as const;

export const SendMsg = { First: 0, Resend: 1 } as const;

export const CardRepaymentStatus = {
  AwaitingCode: 'awaitingCode',
  Charging: 'charging',
  Paid: 'paid',
  Declined: 'declined',
  InsufficientFunds: 'insufficientFunds',
  Failed: 'failed',
  Cancelled: 'cancelled',
} as const;
export type CardRepaymentStatusValue = (typeof CardRepaymentStatus)[keyof typeof CardRepaymentStatus];

/** The sandbox card provider's published test numbers; the behaviour follows the number. */
export const SandboxTestCard = {
  approve: '4242424242424242',
  code: '4000002500003155',
  decline: '4000000000000002',
  insufficient: '4000000000009995',
  timeout: '4000000000000119',
} as const;
export type SandboxTestCardKind = keyof typeof SandboxTestCard;

export const SANDBOX_TEST_CARD_KINDS = ['approve', 'code', 'decline', 'insufficient', 'timeout'] as const satisfies readonly SandboxTestCardKind[];

/** Digits only, as a card field keeps them. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, CardLimits.cardNumberMaxDigits);
}

/** Groups of four, as the card field shows the number while it is typed. */
export function groupCardNumber(input: string): string {
  return cardDigits(input).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn check every real card number passes; a typo almost never does. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < CardLimits.cardNumberMinDigits || digits.length > CardLimits.cardNumberMaxDigits) {
    return false;
  }
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** How a saved card is shown: never more than the last 4 digits. */
export function maskCardNumber(last4: string): string {
  return `•••• ${last4}`;
}
