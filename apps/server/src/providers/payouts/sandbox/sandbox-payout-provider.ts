import { PAYOUT_WEBHOOK_BASE, SIGNATURE_HEADER } from '@lend/contracts';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { sign, verify } from '../../payments/webhook-signature';
import {
  PayoutNotificationRefused,
  PayoutOutcomeUnknown,
  type AccountCheck,
  type PayoutBeneficiary,
  type PayoutCurrency,
  type PayoutLine,
  type PayoutNotification,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutState,
} from '../payout-provider';
import { acceptOnce, moveSandboxPayout, sandboxPayoutByKey, sandboxPayoutsPaidOn, stateOf, type SandboxOutcome } from './sandbox-payout-store';

export const SANDBOX_PAYOUT_PROVIDER = 'sandbox-payout';

/** How the sandbox's notifications reach our webhook: through the app itself, or a test's capture. */
export type PayoutNotificationDelivery = (path: string, rawBody: string, headers: Record<string, string>) => Promise<{ statusCode: number }>;

export type SandboxPayoutOptions = {
  db: Db;
  secret: string;
  now: () => Date;
  deliver: PayoutNotificationDelivery;
  /** Demo mode: pays each accepted transfer this long after accepting it. */
  settleAfterMs?: number | undefined;
};

/** Switches a test turns on: the next sends are accepted and then time out, as a lost answer would. */
export type SandboxPayoutFaults = { timeOutAfterAccepting: boolean };

const stateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('processing'), providerPayoutId: z.string() }),
  z.object({ status: z.literal('paid'), providerPayoutId: z.string(), transferRef: z.string(), paidAt: z.coerce.date() }),
  z.object({ status: z.literal('rejected'), providerPayoutId: z.string().optional(), reason: z.enum(['account-closed', 'account-invalid', 'name-mismatch', 'bank-rejected', 'other']), detail: z.string() }),
  z.object({ status: z.literal('reversed'), providerPayoutId: z.string(), transferRef: z.string().optional(), reason: z.enum(['account-closed', 'account-invalid', 'name-mismatch', 'bank-rejected', 'other']), detail: z.string() }),
]);
const notificationSchema = z.object({ eventId: z.string().min(1).max(120), idempotencyKey: z.string().max(35), providerPayoutId: z.string(), state: stateSchema });

/**
 * The sandbox payout rail for both currencies (docs/decisions/153): it keeps each transfer by its
 * key in `sandbox_payouts`, accepts it as processing, and pays, rejects or reverses it only when
 * driven (an operator's `payout sandbox`, or by itself after `settleAfterMs` in demo mode); each
 * change is notified to our webhook signed like the cash sandbox's. Accounts are looked up by
 * their last digits (a CLABE's before its check digit): ending 0000 is closed, ending 9999 is
 * registered to someone else.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = SANDBOX_PAYOUT_PROVIDER;
  readonly faults: SandboxPayoutFaults = { timeOutAfterAccepting: false };

  constructor(
    readonly currency: PayoutCurrency,
    private readonly options: SandboxPayoutOptions,
  ) {}

  async validateAccount(beneficiary: PayoutBeneficiary): Promise<AccountCheck> {
    // A CLABE's last digit is its check digit: the account it names ends just before it.
    const account = beneficiary.kind === 'clabe' ? beneficiary.accountNumber.slice(0, 17) : beneficiary.accountNumber;
    if (account.endsWith('0000')) return { status: 'invalid', reason: 'account-closed', detail: 'The account is closed.' };
    return { status: 'valid', registeredName: account.endsWith('9999') ? 'TITULAR DISTINTO DE PRUEBA' : beneficiary.holderName };
  }

  async send(request: PayoutRequest): Promise<PayoutState> {
    const { db, now, settleAfterMs } = this.options;
    const row = await acceptOnce(
      db,
      { idempotencyKey: request.idempotencyKey, currency: request.currency, amountMinor: request.amountMinor, accountNumber: request.beneficiary.accountNumber },
      now(),
    );
    if (settleAfterMs !== undefined && row.status === 'processing') {
      setTimeout(() => void this.drive(request.idempotencyKey, { outcome: 'settle' }).catch(() => undefined), settleAfterMs).unref();
    }
    if (this.faults.timeOutAfterAccepting) throw new PayoutOutcomeUnknown('the sandbox payout rail did not answer in time');
    return stateOf(row);
  }

  async lookup(payout: Parameters<PayoutProvider['lookup']>[0]): Promise<PayoutState | 'not-found'> {
    const row = await sandboxPayoutByKey(this.options.db, payout.idempotencyKey);
    return row ? stateOf(row) : 'not-found';
  }

  async readNotification(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): Promise<PayoutNotification> {
    const raw = rawBody.toString('utf8');
    const header = headers[SIGNATURE_HEADER];
    const verdict = verify(this.options.secret, raw, typeof header === 'string' ? header : undefined, this.options.now());
    if (verdict !== 'valid') throw new PayoutNotificationRefused(verdict);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new PayoutNotificationRefused('not JSON');
    }
    const parsed = notificationSchema.safeParse(json);
    if (!parsed.success) throw new PayoutNotificationRefused('not a payout notification');
    return parsed.data;
  }

  async payoutsOn(day: string): Promise<PayoutLine[]> {
    const rows = await sandboxPayoutsPaidOn(this.options.db, day);
    return rows
      .filter((row) => row.currency === this.currency)
      .map((row) => ({ providerPayoutId: row.id, idempotencyKey: row.idempotencyKey, amountMinor: row.amountMinor, feeMinor: 0, currency: this.currency, status: row.status === 'reversed' ? 'reversed' : 'paid' }));
  }

  /** Moves the transfer as its bank would and notifies our webhook; false when it was not in a state to move so. */
  async drive(idempotencyKey: string, change: SandboxOutcome): Promise<boolean> {
    const at = this.options.now();
    const row = await moveSandboxPayout(this.options.db, idempotencyKey, change, at);
    if (!row) return false;
    const notification = { eventId: `${row.id}:${row.status}`, idempotencyKey, providerPayoutId: row.id, state: stateOf(row) };
    const body = JSON.stringify(notification);
    await this.options.deliver(`${PAYOUT_WEBHOOK_BASE}/${SANDBOX_PAYOUT_PROVIDER}`, body, {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: sign(this.options.secret, body, at),
    });
    return true;
  }
}
