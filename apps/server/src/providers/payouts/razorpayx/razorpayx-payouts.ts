import {
  PayoutOutcomeUnknown,
  type AccountCheck,
  type PayoutBeneficiary,
  type PayoutLine,
  type PayoutNotification,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutState,
} from '../payout-provider';
import { RazorpayXClient, RazorpayXRefusal, RazorpayXUnanswered } from './razorpayx-client';
import type { RazorpayXConfig } from './razorpayx-config';
import { collectionOf, payoutEntity, payoutState, validationEntity, withId, type RazorpayXPayout, type RazorpayXValidation } from './razorpayx-entities';
import { readRazorpayXNotification } from './razorpayx-notifications';

/** RazorpayX lists at most a hundred items a page. */
const PAGE = 100;
/** The penny drop of an account validation, in paise: RazorpayX's documented amount. */
const VALIDATION_AMOUNT = 100;
/** Our key on a validation, kept in its notes: the classic validation has no reference of its own. */
const KEY_NOTE = 'lend_key';

/** What a bank statement carries: RazorpayX takes at most 30 letters, digits and spaces; a longer one ends at a whole word. */
export function razorpayXNarration(narration: string): string {
  const plain = narration.replace(/[^A-Za-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (plain.length <= 30) return plain;
  const cut = plain.slice(0, 31).lastIndexOf(' ');
  return (cut > 0 ? plain.slice(0, cut) : plain.slice(0, 30)).trim();
}

/** A name as RazorpayX's contacts and bank accounts take it: its supported characters, at most `max`. */
function accountName(name: string, max: number): string {
  return name.replace(/[^A-Za-z0-9 '’,\-_/().]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max).replace(/[^A-Za-z0-9.]+$/, '');
}

/** Whether a 400 is about the bank account's own details (its number, IFSC or holder's name). */
function aboutAccount(error: RazorpayXRefusal): boolean {
  const about = `${error.error.field ?? ''} ${error.error.description}`.toLowerCase();
  return error.error.field === 'name' || /ifsc|account_number|account number|bank_account|bank account|beneficiary/.test(about);
}

/**
 * The account as RazorpayX takes it, or why it cannot be paid: a 400 on the contact or fund account
 * (an IFSC or number it refuses, a name it cannot hold) made nothing and never will as given.
 */
async function accountOrRefusal(asked: Promise<string>): Promise<string | { reason: 'account-invalid' | 'other'; detail: string }> {
  try {
    return await asked;
  } catch (error) {
    if (!(error instanceof RazorpayXRefusal) || error.statusCode !== 400) throw error;
    return { reason: aboutAccount(error) ? 'account-invalid' : 'other', detail: error.error.description };
  }
}

/**
 * A payout request that failed, in the interface's terms: no answer (a time-out, a dropped
 * connection, a 5xx) may have made the payout, and so may a conflict on the key (a request still
 * being worked on, or one made with other details): a look-up by the key settles both. A 400
 * made nothing and never will under this key (a limit of the mode such as IMPS's ₹5 lakh, an
 * account the bank cannot take): rejected. Other refusals (a wrong API key, a rate limit) made nothing
 * and are thrown, to be tried again.
 */
function sendFailure(error: unknown, key: string): Error | PayoutState {
  if (error instanceof RazorpayXUnanswered) return new PayoutOutcomeUnknown(`${error.message}; payout ${key} may have been made`, { cause: error });
  if (!(error instanceof RazorpayXRefusal)) return error instanceof Error ? error : new Error(String(error));
  if (error.statusCode === 409 || /idempoten/i.test(`${error.error.field ?? ''} ${error.error.description}`)) {
    return new PayoutOutcomeUnknown(`razorpayx holds another request under key ${key}: ${error.error.description}`, { cause: error });
  }
  if (error.statusCode === 400) return { status: 'rejected', reason: aboutAccount(error) ? 'account-invalid' : 'other', detail: error.error.description };
  return error;
}

function accountCheckOf(validation: RazorpayXValidation): AccountCheck {
  if (validation.status === 'failed') return { status: 'invalid', reason: 'other', detail: 'the bank did not answer the validation' };
  if (validation.status !== 'completed') return { status: 'pending' };
  const results = validation.results;
  if (results?.account_status === 'active') return { status: 'valid', registeredName: results.registered_name ?? null };
  const detail = results?.details ?? `account status ${results?.account_status ?? 'not given'}`;
  return { status: 'invalid', reason: /closed|frozen|dormant|blocked/i.test(detail) ? 'account-closed' : 'account-invalid', detail };
}

/**
 * India's payouts through RazorpayX (docs/decisions/156): the borrower's bank account as a contact
 * and fund account (RazorpayX answers the existing ones when asked again with the same details),
 * a penny-drop validation found again by our key in its notes, and each payout sent under our key
 * as `X-Payout-Idempotency` and `reference_id`, so a retry is the same payout and a look-up finds it.
 */
export class RazorpayXPayouts implements PayoutProvider {
  readonly name = 'razorpayx';
  readonly currency = 'INR' as const;
  private readonly client: RazorpayXClient;

  constructor(private readonly config: RazorpayXConfig) {
    this.client = new RazorpayXClient(config);
  }

  async validateAccount(beneficiary: PayoutBeneficiary, key: string): Promise<AccountCheck> {
    const fundAccountId = await accountOrRefusal(this.fundAccountOf(beneficiary));
    if (typeof fundAccountId !== 'string') return { status: 'invalid', ...fundAccountId };
    const earlier = await this.validationWith(fundAccountId, key);
    const validation =
      earlier ??
      (await this.client.post('/v1/fund_accounts/validations', validationEntity, {
        account_number: this.config.accountNumber,
        fund_account: { id: fundAccountId },
        amount: VALIDATION_AMOUNT,
        currency: 'INR',
        notes: { [KEY_NOTE]: key },
      }));
    return accountCheckOf(validation);
  }

  async send(request: PayoutRequest): Promise<PayoutState> {
    if (request.currency !== 'INR' || !Number.isSafeInteger(request.amountMinor) || request.amountMinor < 100) {
      throw new Error(`razorpayx pays whole paise in INR from ₹1: cannot send ${request.amountMinor} ${request.currency}`);
    }
    const fundAccountId = await accountOrRefusal(this.fundAccountOf(request.beneficiary));
    if (typeof fundAccountId !== 'string') return { status: 'rejected', ...fundAccountId };
    const narration = razorpayXNarration(request.narration);
    const body = {
      account_number: this.config.accountNumber,
      fund_account_id: fundAccountId,
      amount: request.amountMinor,
      currency: 'INR',
      mode: this.config.mode,
      purpose: 'payout',
      queue_if_low_balance: true,
      reference_id: request.idempotencyKey,
      ...(narration.length > 0 ? { narration } : {}),
      notes: { order: request.orderNo, payout: String(request.payoutId) },
    };
    let payout: RazorpayXPayout;
    try {
      payout = await this.client.post('/v1/payouts', payoutEntity, body, { 'X-Payout-Idempotency': request.idempotencyKey });
    } catch (error) {
      const failure = sendFailure(error, request.idempotencyKey);
      if (failure instanceof Error) throw failure;
      return failure;
    }
    const state = payoutState(payout, new Date());
    if (state.status !== 'processing') return state;
    // A repeated key answers the first request's saved answer: read where the payout stands now.
    try {
      return payoutState(await this.client.get(`/v1/payouts/${encodeURIComponent(payout.id)}`, payoutEntity), new Date());
    } catch (error) {
      if (error instanceof RazorpayXUnanswered || error instanceof RazorpayXRefusal) return state;
      throw error;
    }
  }

  async lookup(payout: { idempotencyKey: string; providerPayoutId?: string | undefined; sentOn: string }): Promise<PayoutState | 'not-found'> {
    if (payout.providerPayoutId) {
      try {
        return payoutState(await this.client.get(`/v1/payouts/${encodeURIComponent(payout.providerPayoutId)}`, payoutEntity), new Date());
      } catch (error) {
        if (!(error instanceof RazorpayXRefusal && (error.statusCode === 400 || error.statusCode === 404))) throw error;
      }
    }
    const found = await this.client.get('/v1/payouts', collectionOf(payoutEntity), { account_number: this.config.accountNumber, reference_id: payout.idempotencyKey, count: PAGE });
    const match = found.items.find((item) => item.reference_id === payout.idempotencyKey);
    return match ? payoutState(match, new Date()) : 'not-found';
  }

  readNotification(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): Promise<PayoutNotification> {
    return Promise.resolve().then(() => readRazorpayXNotification(rawBody, headers, this.config.webhookSecret, new Date()));
  }

  /**
   * The payouts made on the day (RazorpayX filters by creation time) that were processed or came
   * back, with RazorpayX's fee (`fees`, its GST `tax` included), every page read.
   */
  async payoutsOn(day: string): Promise<PayoutLine[]> {
    const start = Date.parse(`${day}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(start)) throw new Error(`not a day: ${day}`);
    const from = start / 1000;
    const lines: PayoutLine[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const page = await this.client.get('/v1/payouts', collectionOf(payoutEntity), { account_number: this.config.accountNumber, from, to: from + 86_399, count: PAGE, skip });
      for (const item of page.items) {
        if (item.status !== 'processed' && item.status !== 'reversed') continue;
        lines.push({
          providerPayoutId: item.id,
          idempotencyKey: item.reference_id ?? undefined,
          amountMinor: item.amount,
          feeMinor: item.fees ?? 0,
          currency: 'INR',
          status: item.status === 'processed' ? 'paid' : 'reversed',
        });
      }
      if (page.items.length < PAGE) return lines;
    }
  }

  /** The contact and its bank account at RazorpayX; asking again with the same details answers the same ones. */
  private async fundAccountOf(beneficiary: PayoutBeneficiary): Promise<string> {
    if (beneficiary.kind !== 'bank-account') throw new Error(`razorpayx pays Indian bank accounts, not a ${beneficiary.kind}`);
    const contact = await this.client.post('/v1/contacts', withId, {
      name: accountName(beneficiary.holderName, 50),
      type: 'customer',
      reference_id: `payout-account-${beneficiary.payoutAccountId}`,
    });
    const fundAccount = await this.client.post('/v1/fund_accounts', withId, {
      contact_id: contact.id,
      account_type: 'bank_account',
      bank_account: { name: accountName(beneficiary.holderName, 120), ifsc: beneficiary.bankCode.toUpperCase(), account_number: beneficiary.accountNumber },
    });
    return fundAccount.id;
  }

  /** An earlier validation of this fund account under our key, newest first, every page read. */
  private async validationWith(fundAccountId: string, key: string): Promise<RazorpayXValidation | undefined> {
    for (let skip = 0; ; skip += PAGE) {
      const page = await this.client.get('/v1/fund_accounts/validations', collectionOf(validationEntity), { account_number: this.config.accountNumber, count: PAGE, skip });
      const match = page.items.find((item) => item.fund_account.id === fundAccountId && !Array.isArray(item.notes) && item.notes?.[KEY_NOTE] === key);
      if (match || page.items.length < PAGE) return match;
    }
  }
}
