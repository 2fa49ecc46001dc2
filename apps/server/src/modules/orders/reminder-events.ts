import type { IsoDate, Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { productMarket } from '../products';
import {
  findExtensionsGrantedSince,
  findInstallmentsDueBetween,
  findOrdersSettledSince,
  findPaymentsAppliedSince,
} from './reminder-event-repository';

/**
 * What the borrower reminders read of the loans (docs/decisions/094): read only, a page at a
 * time by id (`afterId`), each event with the order number, its borrower and phone, and the
 * market of the order's product, which decides the language and the sending window.
 */
export type LoanRecipient = { orderNo: string; borrowerId: number; phone: string; market: Market };

export type DueInstallment = LoanRecipient & { id: number; dueDate: IsoDate; unpaidMinor: number };
export type AppliedPayment = LoanRecipient & { id: number; receiptNo: string; amountMinor: number; balanceAfterMinor: number };
export type GrantedExtension = LoanRecipient & { paymentId: number; newDueDate: IsoDate };
export type SettledOrder = LoanRecipient & { id: number };

export type EventPage = { afterId: number; limit: number };

const withMarket = <T extends { market: string }>(row: T): T & { market: Market } => ({ ...row, market: productMarket(row) });

/** Installments of repaying orders in `market` due from `from` to `to` (market dates) with something unpaid. */
export async function installmentsDueBetween(db: Queryable, market: Market, from: IsoDate, to: IsoDate, page: EventPage): Promise<DueInstallment[]> {
  return (await findInstallmentsDueBetween(db, market, from, to, page.afterId, page.limit)).map((row) => ({ ...withMarket(row), unpaidMinor: Number(row.unpaidMinor) }));
}

/** Payments applied at or after `since`, each with its receipt number and what was left to pay after it. */
export async function paymentsAppliedSince(db: Queryable, since: Date, page: EventPage): Promise<AppliedPayment[]> {
  return (await findPaymentsAppliedSince(db, since, page.afterId, page.limit)).map(withMarket);
}

/** Extensions granted at or after `since`, by the payment that bought each; the new due date is the order's now. */
export async function extensionsGrantedSince(db: Queryable, since: Date, page: EventPage): Promise<GrantedExtension[]> {
  return (await findExtensionsGrantedSince(db, since, page.afterId, page.limit)).flatMap(({ dueDate, ...row }) =>
    dueDate === null ? [] : [{ ...withMarket(row), newDueDate: dueDate }],
  );
}

export async function ordersSettledSince(db: Queryable, since: Date, page: EventPage): Promise<SettledOrder[]> {
  return (await findOrdersSettledSince(db, since, page.afterId, page.limit)).map(withMarket);
}
