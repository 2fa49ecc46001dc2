import {
  ErrorCode,
  Limits,
  type InstallmentDetail,
  type Language,
  type PaymentChannelGroup,
  type RepayInstruction,
} from '@lend/contracts';
import { canExtend, extensionCharge, formatAmount, formatDate, REPAYING_STATUSES, type Market } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { barcodeDataUri } from '../../providers/payments/barcode';
import type { CashPaymentProvider, ChannelKind } from '../../providers/payments/cash-payments';
import { listInstallments, type InstallmentRow } from './installment-repository';
import { productMarket } from './loan-quote';
import { amountDueNow } from './loan-rows';
import { loanText, type LoanTextKey } from './loan-texts';
import { findBorrowerOrder, type OrderRow } from './order-repository';
import {
  countOtherReferenceAmounts,
  findReference,
  listActiveChannels,
  saveReference,
  type PaymentChannelRow,
} from './payment-channel-repository';
import { findProduct, type ProductRow } from './product-repository';

type RepayingOrder = { order: OrderRow; product: ProductRow; installments: InstallmentRow[] };

/** The borrower's order while money is owed on it; anything else has nothing to pay. */
async function repayingOrder(db: Db, borrowerId: number, orderNo: string, productId: number | undefined): Promise<RepayingOrder> {
  const order = await findBorrowerOrder(db, borrowerId, orderNo);
  const product = order ? await findProduct(db, order.productId) : undefined;
  if (!order || !product || (productId !== undefined && productId !== order.productId)) throw new AppError(ErrorCode.NotFound);
  if (!(REPAYING_STATUSES as readonly number[]).includes(order.statusCode)) throw new AppError(ErrorCode.NothingToRepay);
  return { order, product, installments: await listInstallments(db, order.id) };
}

const unpaid = (i: InstallmentRow) => i.amountMinor - i.paidMinor;

/** Everything still owed: every unpaid installment and the late charges. */
function outstanding({ order, installments }: RepayingOrder): number {
  return installments.reduce((sum, i) => sum + unpaid(i), 0) + order.penaltyMinor;
}

/**
 * The reference for this order, channel, purpose and amount: the one issued before, or a new one.
 * A reference the provider answers that another order already holds is never saved nor shown: the
 * provider is asked again a few times, then the borrower is told to try later. `chosenAmount`
 * marks an amount the borrower picked (not the one due now): a new one is refused once the order
 * holds references for `Limits.paymentReferenceAmountsMax` amounts of this purpose.
 */
async function referenceAt(
  db: Db,
  provider: CashPaymentProvider,
  order: OrderRow,
  channel: PaymentChannelRow,
  requestType: 1 | 2,
  amountMinor: number,
  chosenAmount = false,
): Promise<string> {
  const key = { orderId: order.id, channelCode: channel.code, requestType, amountMinor };
  const existing = await findReference(db, key);
  if (existing) return existing.reference;
  if (chosenAmount && (await countOtherReferenceAmounts(db, order.id, requestType, amountMinor)) >= Limits.paymentReferenceAmountsMax) {
    throw new AppError(ErrorCode.TooManyPaymentReferences);
  }
  for (let attempt = 0; attempt < Limits.paymentReferenceTries; attempt += 1) {
    const reference = await provider.issueReference({
      orderNo: order.orderNo,
      channelCode: channel.code,
      kind: channelKind(channel),
      amountMinor,
      requestType,
    });
    const outcome = await saveReference(db, { ...key, reference });
    if (outcome === 'saved') return reference;
    // A concurrent request saved its own first for this key: everyone uses the one kept.
    const kept = outcome === 'kept-other' ? await findReference(db, key) : undefined;
    if (kept) return kept.reference;
  }
  throw new AppError(ErrorCode.PaymentReferenceUnavailable);
}

/** What the borrower should pay now: what is due (late charges included), else the next installment. */
function amountToPayNow({ order, installments }: RepayingOrder, market: Market, now: Date): number {
  const next = installments.find((i) => unpaid(i) > 0);
  const dueNow = amountDueNow(order, installments, formatDate(now, market));
  return dueNow > 0 ? dueNow : next ? unpaid(next) : 0;
}

function channelKind(channel: PaymentChannelRow): ChannelKind {
  return channel.kind === 'bank' ? 'bank' : 'store';
}

const KIND_TEXT: Record<ChannelKind, { group: LoanTextKey; desc: LoanTextKey; steps: LoanTextKey[] }> = {
  store: { group: 'pay.group.store', desc: 'pay.desc.store', steps: ['pay.store.1', 'pay.store.2', 'pay.store.3', 'pay.store.4'] },
  bank: { group: 'pay.group.bank', desc: 'pay.desc.bank', steps: ['pay.bank.1', 'pay.bank.2', 'pay.bank.3', 'pay.bank.4'] },
};

/**
 * The installment repayment overview (spec §3 'Installment detail'): what to pay now and by
 * when, the next installment's breakdown, and where to pay it with this order's references.
 */
export async function installmentDetail(
  db: Db,
  provider: CashPaymentProvider,
  borrowerId: number,
  query: { orderNo: string; productId?: number | undefined },
  language: Language,
  now = new Date(),
): Promise<InstallmentDetail> {
  const repaying = await repayingOrder(db, borrowerId, query.orderNo, query.productId);
  const { order, product, installments } = repaying;
  const market = productMarket(product);
  const amount = (minor: number) => formatAmount(minor, market);
  const next = installments.find((i) => unpaid(i) > 0);
  const repayAmount = amountToPayNow(repaying, market, now);
  if (repayAmount === 0) throw new AppError(ErrorCode.NothingToRepay);
  const channels = await listActiveChannels(db, market);
  const groups: PaymentChannelGroup[] = [];
  for (const kind of ['store', 'bank'] as const) {
    const list = [];
    for (const channel of channels.filter((c) => channelKind(c) === kind)) {
      const vCode = await referenceAt(db, provider, order, channel, 1, repayAmount);
      list.push({
        logo: channel.logoUrl,
        desc: loanText(language, KIND_TEXT[kind].desc, { name: channel.name }),
        vCode,
        BARcodeImg: kind === 'store' ? barcodeDataUri(vCode) : '',
        payCode: channel.code,
      });
    }
    if (list.length > 0) groups.push({ reviewer: loanText(language, KIND_TEXT[kind].group), list });
  }
  const t = (key: LoanTextKey, values?: Record<string, string | number>) => loanText(language, key, values);
  return {
    market,
    repayAmount,
    repayDate: next?.dueDate ?? order.dueDate ?? '',
    productName: product.name,
    productLogo: product.logoUrl,
    detail: [
      { text: t('pay.row.installment', { n: next?.seq ?? 0, total: installments.length }), value: amount(next ? unpaid(next) : 0) },
      { text: t('pay.row.principal'), value: amount(next?.principalMinor ?? 0) },
      { text: t('pay.row.interest'), value: amount(next?.interestMinor ?? 0) },
      { text: t(market === 'IN' ? 'pay.row.taxIn' : 'pay.row.tax'), value: amount(next?.taxMinor ?? 0) },
      { text: t('row.penaltyAccrued'), value: order.penaltyMinor > 0 ? amount(order.penaltyMinor) : '0' },
      { text: t('pay.row.outstanding'), value: amount(outstanding(repaying)) },
    ],
    repayList: groups,
    noticeMsg: t('pay.notice'),
  };
}

/**
 * A payment reference for an amount at one channel (spec §3 'Repayment instruction'): any
 * amount up to what is owed for a repayment (requestType 1), exactly the extension charge
 * for an extension (2).
 */
export async function repaymentInstruction(
  db: Db,
  provider: CashPaymentProvider,
  borrowerId: number,
  input: { orderNo: string; productId?: number | undefined; amountMinor: number; payCode: string; requestType: 1 | 2 },
  language: Language,
  now = new Date(),
): Promise<RepayInstruction> {
  const repaying = await repayingOrder(db, borrowerId, input.orderNo, input.productId);
  const { order, product } = repaying;
  const market = productMarket(product);
  if (input.requestType === 2) {
    if (!canExtend(order.statusCode, order.extensionsUsed, product.pricing.maxExtensions)) {
      throw new AppError(ErrorCode.ExtensionNotAvailable);
    }
    if (input.amountMinor !== extensionCharge(product.pricing, order.principalMinor, Limits.delayMaxDays, order.penaltyMinor)) {
      throw new AppError(ErrorCode.AmountMismatch);
    }
  } else if (input.amountMinor > outstanding(repaying)) {
    throw new AppError(ErrorCode.AmountMismatch);
  }
  const channel = (await listActiveChannels(db, market)).find((c) => c.code === input.payCode);
  if (!channel) throw new AppError(ErrorCode.NotFound);
  const kind = channelKind(channel);
  // The extension charge is fixed by the order; a repayment amount is the borrower's choice
  // unless it is what is due now or everything owed.
  const chosenAmount =
    input.requestType === 1 && input.amountMinor !== amountToPayNow(repaying, market, now) && input.amountMinor !== outstanding(repaying);
  const vCode = await referenceAt(db, provider, order, channel, input.requestType, input.amountMinor, chosenAmount);
  const amount = formatAmount(input.amountMinor, market);
  const t = (key: LoanTextKey, values?: Record<string, string | number>) => loanText(language, key, values);
  const values = { name: channel.name, amount, company: channel.companyName, orderNo: order.orderNo };
  return {
    market,
    topLogo: channel.logoUrl,
    bottomLogo: product.logoUrl,
    repayDetail: {
      amount: input.amountMinor,
      repayTitle: t(input.requestType === 2 ? 'pay.title.extension' : 'pay.title.repayment', values),
      repayDes: t('pay.description', values),
      repayCode: kind === 'store' ? barcodeDataUri(vCode) : '',
      vCode,
      companyName: channel.companyName,
    },
    dataList: [
      { title: t('pay.steps'), content: KIND_TEXT[kind].steps.map((key) => t(key, values)) },
      { title: t('pay.mind'), content: [t('pay.mind.1', values), t('pay.mind.2', values)] },
    ],
    imgList: { title: t('pay.where'), eMail: t('pay.fees'), content: [channel.logoUrl] },
  };
}
