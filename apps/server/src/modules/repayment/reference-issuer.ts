import { ErrorCode, Limits } from '@lend/contracts';
import { MARKET_SETTINGS, type Market } from '@lend/domain';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { ChannelKind, IssuedByProvider, ReferenceDisplay } from '../../providers/payments/cash-payments';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import type { OrderRow } from '../orders';
import { borrowerById } from '../sessions';
import {
  countOtherReferenceAmounts,
  countReferencesIssued,
  findReferenceByProviderPayment,
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
export type PayChannel = Pick<PaymentChannelRow, 'code' | 'name' | 'logoUrl' | 'companyName' | 'minAmountMinor' | 'maxAmountMinor' | 'feeMinor'> & {
  kind: ChannelKind;
  market: Market;
};

/**
 * A reference issued for one order at one channel: what the borrower pays against, until
 * `expiresAt`; `expired` is the one it replaced on this call, which can no longer be paid.
 */
export type IssuedReference = { reference: string; expiresAt: Date; expired?: string; display?: ReferenceDisplay };

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
    feeMinor: row.feeMinor,
    kind: row.kind === 'bank' ? 'bank' : 'store',
    market: row.market === 'IN' ? 'IN' : 'MX',
  };
}

/** A saved reference as the screens read it: the provider's display details only when it gave some. */
function issuedOf(row: Pick<PaymentReferenceRow, 'reference' | 'expiresAt' | 'display'>): IssuedReference {
  return { reference: row.reference, expiresAt: row.expiresAt, ...(row.display ? { display: row.display } : {}) };
}

/** Who the provider is told pays: a rail may open an account for them or print their name. */
async function referenceBorrower(db: Queryable, borrowerId: number) {
  const borrower = await borrowerById(db, borrowerId);
  if (!borrower) throw new AppError(ErrorCode.NotFound);
  return { id: borrower.id, phone: borrower.phone, ...(borrower.name ? { name: borrower.name } : {}) };
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
  providers: CashPaymentProviders,
  order: OrderRow,
  channel: PayChannel,
  requestType: RequestType,
  amountMinor: number,
  now: Date,
  chosenAmount = false,
): Promise<IssuedReference> {
  const key = { orderId: order.id, channelCode: channel.code, requestType, amountMinor };
  const existing = await findReference(db, key);
  if (existing && existing.expiresAt > now) return issuedOf(existing);
  // An expired reference stays on record (a payment reported against it is refused) and a new one takes its key.
  if (existing) {
    await markReplaced(db, existing.id, now);
    // A rail whose payment outlives our deadline (a SPEI intent on the borrower's CLABE) must not take money for it.
    if (existing.providerPaymentId) await providers[channel.market].closePayment?.(existing.providerPaymentId);
  }
  const replaced = existing ? { expired: existing.reference } : {};
  if (chosenAmount && (await countOtherReferenceAmounts(db, order.id, requestType, amountMinor)) >= Limits.paymentReferenceAmountsMax) {
    throw new AppError(ErrorCode.TooManyPaymentReferences);
  }
  const borrower = await referenceBorrower(db, order.borrowerId);
  // Earlier references of this key (replaced ones) count, so a provider keying its requests opens a new payment.
  const issuedBefore = await countReferencesIssued(db, key);
  for (let attempt = 0; attempt < Limits.paymentReferenceTries; attempt += 1) {
    const issued: IssuedByProvider = await providers[channel.market].issueReference({
      orderNo: order.orderNo,
      channelCode: channel.code,
      kind: channel.kind,
      amountMinor,
      requestType,
      market: channel.market,
      currency: MARKET_SETTINGS[channel.market].currency,
      borrower,
      attempt: issuedBefore + attempt,
    });
    const { reference } = issued;
    // The provider's own deadline when it sets one: it refuses a payment after it, whatever our limit says.
    const expiresAt = issued.expiresAt ?? new Date(now.getTime() + Limits.paymentReferenceValidHours * 3_600_000);
    const display = issued.display && Object.keys(issued.display).length > 0 ? issued.display : null;
    const issuedBy = providers[channel.market].issuer ?? null;
    const outcome = await saveReference(db, { ...key, reference, expiresAt, providerPaymentId: issued.providerPaymentId ?? null, display, issuedBy });
    if (outcome === 'saved') return { ...issuedOf({ reference, expiresAt, display }), ...replaced };
    // A concurrent request saved its own first for this key: everyone uses the one kept.
    const kept = outcome === 'kept-other' ? await findReference(db, key) : undefined;
    if (kept) return { ...issuedOf(kept), ...replaced };
  }
  throw new AppError(ErrorCode.PaymentReferenceUnavailable);
}

/** This order's reference for `amountMinor` at every channel of the market that takes that amount, in the channels' order. */
export async function referencesAtEveryChannel(
  db: Db,
  providers: CashPaymentProviders,
  order: OrderRow,
  market: string,
  requestType: RequestType,
  amountMinor: number,
  now: Date,
): Promise<ChannelReference[]> {
  const channels = (await marketChannels(db, market)).filter((channel) => channelTakes(channel, amountMinor));
  // Each channel's reference is its own provider's call: asked for together, the screen waits for the slowest, not for their sum.
  return Promise.all(channels.map(async (channel) => ({ channel, ...(await referenceAt(db, providers, order, channel, requestType, amountMinor, now)) })));
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

/** The reference a provider's payment was opened for, with its channel; undefined when no reference of ours names it. */
export async function referenceOfProviderPayment(
  db: Queryable,
  providerPaymentId: string,
): Promise<{ reference: PaymentReferenceRow; channel: PaymentChannelRow } | undefined> {
  const row = await findReferenceByProviderPayment(db, providerPaymentId);
  const channel = row ? await findChannel(db, row.channelCode) : undefined;
  return row && channel ? { reference: row, channel } : undefined;
}
