import { ErrorCode } from '@lend/contracts';
import { formatDate, installmentRemaining, type IsoDate, type Market } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import { balanceOf, extensionOffer, type OrderQuery } from '../orders';
import type { ProductRow } from '../products';
import { referencesAtEveryChannel, type ChannelReference } from './reference-issuer';
import { refuseForeignExtension, repayingOrder } from './repayment-service';

/** An unpaid installment as it stands once the extension is paid. */
export type ExtendedInstallment = { seq: number; amountMinor: number; dueDateBefore: IsoDate; dueDate: IsoDate };

/** The extension (delay) screen's values, before any text (docs/decisions/077). */
export type ExtensionDue = {
  market: Market;
  orderNo: string;
  product: Pick<ProductRow, 'name' | 'logoUrl'>;
  days: number;
  /** What to pay: `feeMinor` (the extra days' interest and its tax) and the late charges owed. */
  chargeMinor: number;
  feeMinor: number;
  lateChargesMinor: number;
  newDueDate: IsoDate;
  installmentCount: number;
  plan: ExtendedInstallment[];
  /** This order's extension reference for `chargeMinor` at each channel that takes it. */
  channels: ChannelReference[];
};

/**
 * The extension the borrower may pay for now: its charge, the next due date and plan once paid
 * today, and the order's extension references (requestType 2) for exactly that charge. Refused
 * when the product does not allow one now.
 */
export async function extensionDue(
  db: Db,
  providers: CashPaymentProviders,
  borrowerId: number,
  query: OrderQuery,
  now = new Date(),
): Promise<ExtensionDue> {
  const { order, product, installments, market } = await repayingOrder(db, borrowerId, query);
  await refuseForeignExtension(db, borrowerId, product);
  const balance = balanceOf(order, installments);
  const offer = extensionOffer(order, product, installments, formatDate(now, market));
  if (!offer.allowed) throw new AppError(offer.reason === 'restructured' ? ErrorCode.PlanNoExtension : ErrorCode.ExtensionNotAvailable);
  const before = new Map(balance.installments.map((i) => [i.seq, i.dueDate]));
  return {
    market,
    orderNo: order.orderNo,
    product: { name: product.name, logoUrl: product.logoUrl },
    days: offer.days,
    chargeMinor: offer.chargeMinor,
    feeMinor: offer.fee.interestMinor + offer.fee.taxMinor,
    lateChargesMinor: offer.lateChargesMinor,
    newDueDate: offer.newDueDate,
    installmentCount: installments.length,
    plan: offer.schedule.balance.installments
      .filter((i) => installmentRemaining(i) > 0)
      .map((i) => ({ seq: i.seq, amountMinor: installmentRemaining(i), dueDateBefore: before.get(i.seq) ?? i.dueDate, dueDate: i.dueDate })),
    channels: await referencesAtEveryChannel(db, providers, order, market, 2, offer.chargeMinor, now),
  };
}
