import { z } from 'zod';
import type { PayoutRejection, PayoutState } from '../payout-provider';

/** Razorpay sends empty notes as `[]`, filled ones as an object. */
const notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish();

export const withId = z.object({ id: z.string().min(1) });

/** The payout entity, as RazorpayX answers it and its webhooks carry it. */
export const payoutEntity = z.object({
  id: z.string().min(1),
  fund_account_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  fees: z.number().int().nullish(),
  tax: z.number().int().nullish(),
  status: z.string(),
  utr: z.string().nullish(),
  reference_id: z.string().nullish(),
  status_details: z.object({ description: z.string().nullish(), source: z.string().nullish(), reason: z.string().nullish() }).nullish(),
  failure_reason: z.string().nullish(),
  created_at: z.number().int(),
  processed_at: z.number().int().nullish(),
});
export type RazorpayXPayout = z.output<typeof payoutEntity>;

/** A fund account validation (penny drop) transaction. */
export const validationEntity = z.object({
  id: z.string().min(1),
  fund_account: z.object({ id: z.string() }),
  status: z.string(),
  notes,
  results: z.object({ account_status: z.string().nullish(), registered_name: z.string().nullish(), details: z.string().nullish() }).nullish(),
  created_at: z.number().int(),
});
export type RazorpayXValidation = z.output<typeof validationEntity>;

export const collectionOf = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

/**
 * Why a payout failed or came back, from its status details' reason (docs/decisions/156): an account
 * closed, frozen or dormant; an account or IFSC that does not exist; a name the bank refused; else
 * the beneficiary bank's refusal, or anything else.
 */
export function rejectionOf(details: RazorpayXPayout['status_details'], failureReason?: string | null): { reason: PayoutRejection; detail: string } {
  const code = (details?.reason ?? '').toLowerCase();
  const detail = details?.description ?? failureReason ?? (code || 'no reason given');
  if (/closed|frozen|dormant|blocked|inactive/.test(code)) return { reason: 'account-closed', detail };
  if (/name/.test(code)) return { reason: 'name-mismatch', detail };
  if (/invalid|ifsc|not_exist|not_found|incorrect/.test(code)) return { reason: 'account-invalid', detail };
  if (details?.source === 'beneficiary_bank') return { reason: 'bank-rejected', detail };
  return { reason: 'other', detail };
}

/**
 * A payout's state in our terms. `queued` (waiting for balance), `pending` (waiting for approval)
 * and `processing` are all still on their way; an unknown status is too, so nothing is settled on
 * a word we do not know. A processed payout without a UTR (the bank gave none) is named by its id.
 */
export function payoutState(payout: RazorpayXPayout, now: Date): PayoutState {
  const providerPayoutId = payout.id;
  switch (payout.status) {
    case 'processed':
      return { status: 'paid', providerPayoutId, transferRef: payout.utr ?? payout.id, paidAt: payout.processed_at ? new Date(payout.processed_at * 1000) : now };
    case 'reversed':
      return { status: 'reversed', providerPayoutId, transferRef: payout.utr ?? undefined, ...rejectionOf(payout.status_details, payout.failure_reason) };
    case 'failed':
      return { status: 'rejected', providerPayoutId, ...rejectionOf(payout.status_details, payout.failure_reason) };
    case 'rejected':
      return { status: 'rejected', providerPayoutId, reason: 'other', detail: payout.status_details?.description ?? 'rejected in RazorpayX’s approval workflow' };
    case 'cancelled':
      return { status: 'rejected', providerPayoutId, reason: 'other', detail: payout.status_details?.description ?? 'cancelled before it left' };
    default:
      return { status: 'processing', providerPayoutId };
  }
}
