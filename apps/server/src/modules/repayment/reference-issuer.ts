import { ErrorCode, Limits } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { CashPaymentProvider, ChannelKind } from '../../providers/payments/cash-payments';
import type { OrderRow } from '../orders';
import {
  countOtherReferenceAmounts,
  findChannel,
  findReference,
  findReferenceAt,
  listActiveChannels,
  markReplaced,
  saveReference,
  type PaymentChannelRow,
  type PaymentReferenceRow,
} from './payment-channel-repository';

/** A place to pay as the borrower screens need it. */
export type PayChannel = Pick<PaymentChannelRow, 'code' | 'name' | 'logoUrl' | 'companyName' | 'minAmountMinor' | 'maxAmountMinor'> & {
  kind: ChannelKind;
};

/**
 * A reference issued for one order at one channel: what the borrower pays against, until
 * `expiresAt`; `expired` is the one it replaced on this call, which can no longer be paid.
 */
export type IssuedReference = { reference: string; expiresAt: Date; expired?: string };

export type ChannelReference = IssuedReference & { channel: PayChannel };

/** What a reference pays, as the borrower's request and the provider's report name it: 1 a repayment, 2 an extension. */
export type RequestType = 1 | 2;

export function payChannel(row: PaymentChannelRow): PayChannel {
  return {
    code: row.code,
    name: row.name,
    logoUrl: row.logoUrl,
    companyName: row.companyName,
    minAmountMinor: row.minAmountMinor,
    maxAmountMinor: row.maxAmountMinor,
    kind: row.kind === 'bank' ? 'bank' : 'store',
  };
}

/** A provider refuses a payment outside its channel's limits, so no reference is issued for one. */
export function channelTakes(channel: PayChannel, amountMinor: number): boolean {
  return amountMinor >= channel.minAmountMinor && amountMinor <= channel.maxAmountMinor;
}

/** The market's active channels. */
export async function marketChannels(db: Db, market: string): Promise<PayChannel[]> {
  return (await listActiveChannels(db, market)).map(payChannel);
}

/**
 * The reference for this order, channel, purpose and amount: the one issued before, or a new one.
 * A reference the provider answers that another order already holds is never saved nor shown: the
 * provider is asked again a few times, then the borrower is told to try later. `chosenAmount`
 * marks an amount the borrower picked (not the one due now): a new one is refused once the order
 * holds references for `Limits.paymentReferenceAmountsMax` amounts of this purpose.
 */
export async function referenceAt(
  db: Db,
  provider: CashPaymentProvider,
  order: OrderRow,
  channel: PayChannel,
  requestType: RequestType,
  amountMinor: number,
  now: Date,
  chosenAmount = false,
): Promise<IssuedReference> {
  const key = { orderId: order.id, channelCode: channel.code, requestType, amountMinor };
  const existing = await findReference(db, key);
  if (existing && existing.expiresAt > now) return { reference: existing.reference, expiresAt: existing.expiresAt };
  // An expired reference stays on record (a payment reported against it is refused) and a new one takes its key.
  if (existing) await markReplaced(db, existing.id, now);
  const replaced = existing ? { expired: existing.reference } : {};
  if (chosenAmount && (await countOtherReferenceAmounts(db, order.id, requestType, amountMinor)) >= Limits.paymentReferenceAmountsMax) {
    throw new AppError(ErrorCode.TooManyPaymentReferences);
  }
  for (let attempt = 0; attempt < Limits.paymentReferenceTries; attempt += 1) {
    const reference = await provider.issueReference({
      orderNo: order.orderNo,
      channelCode: channel.code,
      kind: channel.kind,
      amountMinor,
      requestType,
    });
    const expiresAt = new Date(now.getTime() + Limits.paymentReferenceValidHours * 3_600_000);
    const outcome = await saveReference(db, { ...key, reference, expiresAt });
    if (outcome === 'saved') return { reference, expiresAt, ...replaced };
    // A concurrent request saved its own first for this key: everyone uses the one kept.
    const kept = outcome === 'kept-other' ? await findReference(db, key) : undefined;
    if (kept) return { reference: kept.reference, expiresAt: kept.expiresAt, ...replaced };
  }
  throw new AppError(ErrorCode.PaymentReferenceUnavailable);
}

/** This order's reference for `amountMinor` at every channel of the market that takes that amount, in the channels' order. */
export async function referencesAtEveryChannel(
  db: Db,
  provider: CashPaymentProvider,
  order: OrderRow,
  market: string,
  requestType: RequestType,
  amountMinor: number,
  now: Date,
): Promise<ChannelReference[]> {
  const references: ChannelReference[] = [];
  for (const channel of await marketChannels(db, market)) {
    if (!channelTakes(channel, amountMinor)) continue;
    references.push({ channel, ...(await referenceAt(db, provider, order, channel, requestType, amountMinor, now)) });
  }
  return references;
}

/** The reference a provider reports a payment against, with its channel; undefined when we never issued it there. */
export async function reportedReference(
  db: Queryable,
  channelCode: string,
  reference: string,
): Promise<{ reference: PaymentReferenceRow; channel: PaymentChannelRow } | undefined> {
  const row = await findReferenceAt(db, channelCode, reference);
  const channel = row ? await findChannel(db, channelCode) : undefined;
  return row && channel ? { reference: row, channel } : undefined;
}

/** The name of each of these channels, by its code; a code no channel has is left out. */
export async function channelNames(db: Queryable, codes: readonly string[]): Promise<Map<string, string>> {
  const channels = await Promise.all([...new Set(codes)].map((code) => findChannel(db, code)));
  return new Map(channels.flatMap((channel) => (channel ? [[channel.code, channel.name] as const] : [])));
}
