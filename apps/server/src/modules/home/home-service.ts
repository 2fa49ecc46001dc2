import { ErrorCode, type BorrowBlockReason } from '@lend/contracts';
import type { IsoDate, Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import {
  borrowerAndMarketProduct,
  confirmationOf,
  openOrdersOf,
  overdueOrderIn,
  productStanding,
  type Confirmation,
  type CreditLineOf,
  type OpenOrder,
  type ProductStanding,
} from '../orders';
import { borrowerMarket, marketProducts, productMarket, type ProductRow } from '../products';
import { borrowerById, type BorrowerRow } from '../sessions';

/** Why the borrower may not borrow, before any text. */
export type BorrowBlockValue = { reason: BorrowBlockReason; until: IsoDate | null; orderNo: string };

/**
 * A rule that stops a borrower from borrowing on every product, checked after their loans: the
 * place the borrower's profile (`profileIncomplete`) and the credit decision (`declinedUntil`)
 * plug in (docs/decisions/133). The first gate that answers a block wins.
 */
export type BorrowerGate = (db: Queryable, borrower: BorrowerRow, now: Date) => Promise<BorrowBlockValue | null>;

/** One product as the home and product screens show it: priced when open, with its block otherwise. */
export type ProductOnHome = { product: ProductRow; market: Market; standing: ProductStanding; block: BorrowBlockValue | null };

export type HomeValues = { market: Market; blocked: BorrowBlockValue | null; products: ProductOnHome[] };

/** A block that stops every product: an overdue loan first, then each gate in turn. */
async function borrowerBlock(db: Queryable, borrower: BorrowerRow, openOrders: readonly OpenOrder[], gates: readonly BorrowerGate[], now: Date): Promise<BorrowBlockValue | null> {
  const overdue = overdueOrderIn(openOrders);
  if (overdue) return { reason: 'overdueLoan', until: null, orderNo: overdue.orderNo };
  for (const gate of gates) {
    const block = await gate(db, borrower, now);
    if (block) return block;
  }
  return null;
}

function standingBlock(standing: ProductStanding): BorrowBlockValue | null {
  if (standing.kind !== 'blocked') return null;
  return { reason: standing.reason, until: standing.credit?.kind === 'declinedUntil' ? standing.credit.until : null, orderNo: standing.orderNo };
}

/** What the home's reads share: the rules that stop a borrower, and their credit decision on each product (docs/decisions/141). */
export type HomeRules = { gates: readonly BorrowerGate[]; creditLineOf: CreditLineOf };

async function onHome(db: Queryable, borrowerId: number, product: ProductRow, openOrders: readonly OpenOrder[], blocked: BorrowBlockValue | null, rules: HomeRules, now: Date): Promise<ProductOnHome> {
  const standing = await productStanding(db, borrowerId, product, openOrders, rules.creditLineOf, now);
  return { product, market: productMarket(product), standing, block: blocked ?? standingBlock(standing) };
}

async function signedInBorrower(db: Queryable, borrowerId: number): Promise<BorrowerRow> {
  const borrower = await borrowerById(db, borrowerId);
  if (!borrower) throw new AppError(ErrorCode.SessionUnknown);
  return borrower;
}

/** The borrower's market, a block that stops every product, and each active product of that market only. */
export async function homeOf(db: Queryable, borrowerId: number, rules: HomeRules, now: Date): Promise<HomeValues> {
  const borrower = await signedInBorrower(db, borrowerId);
  const market = borrowerMarket(borrower);
  const openOrders = await openOrdersOf(db, borrowerId);
  const blocked = await borrowerBlock(db, borrower, openOrders, rules.gates, now);
  const products: ProductOnHome[] = [];
  for (const product of await marketProducts(db, market)) products.push(await onHome(db, borrowerId, product, openOrders, blocked, rules, now));
  return { market, blocked, products };
}

/**
 * One product of the borrower's market (another market's is refused), and while they may borrow
 * on it, the confirmation screen's values, worked out as the confirmation does, without marking
 * a revised offer seen.
 */
export async function productDetailOf(
  db: Queryable,
  borrowerId: number,
  productId: number,
  rules: HomeRules,
  now: Date,
): Promise<{ item: ProductOnHome; confirmation: Confirmation | null }> {
  const { borrower, product } = await borrowerAndMarketProduct(db, borrowerId, productId);
  const openOrders = await openOrdersOf(db, borrowerId);
  const item = await onHome(db, borrowerId, product, openOrders, await borrowerBlock(db, borrower, openOrders, rules.gates, now), rules, now);
  return { item, confirmation: item.block === null && item.standing.kind === 'open' ? confirmationOf(item.standing, now) : null };
}
