import { ErrorCode, type CollectionsPolicy, type CreditPolicy, type ProductPricing } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../staff';
import { findProduct, lockProduct, saveProductSettings, type ProductRow } from './product-repository';

/**
 * An administrator's changes to a product's pricing and credit thresholds (docs/decisions/177,
 * 178). The request's schema has checked the values; each change and its audit entry, with the
 * values before and after, commit together (docs/decisions/162). A loan already placed keeps the
 * figures it was priced with: the order holds its own amounts.
 */

/** The product to configure, or the configuration's refusal. */
export async function productToConfigure(db: Queryable, productId: number): Promise<ProductRow> {
  const product = await findProduct(db, productId);
  if (!product) throw new AppError(ErrorCode.ConfigProductNotFound);
  return product;
}

async function changeProduct(
  db: Db,
  productId: number,
  actor: Actor,
  now: Date,
  setting: { action: string; values: Partial<Pick<ProductRow, 'pricing' | 'creditPolicy' | 'collectionsPolicy'>>; audited: (product: ProductRow) => unknown },
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const before = await lockProduct(tx, productId);
    if (!before) throw new AppError(ErrorCode.ConfigProductNotFound);
    const after = await saveProductSettings(tx, productId, setting.values);
    await recordAudit(tx, actor, { action: setting.action, objectType: 'product', objectId: productId, before: setting.audited(before), after: setting.audited(after) }, now);
    return after;
  });
}

export function changePricing(db: Db, productId: number, pricing: ProductPricing, actor: Actor, now = new Date()): Promise<ProductRow> {
  return changeProduct(db, productId, actor, now, { action: 'product.pricing', values: { pricing }, audited: (product) => product.pricing });
}

export function changeCreditPolicy(db: Db, productId: number, creditPolicy: CreditPolicy, actor: Actor, now = new Date()): Promise<ProductRow> {
  return changeProduct(db, productId, actor, now, { action: 'product.credit-policy', values: { creditPolicy }, audited: (product) => product.creditPolicy });
}

/** Its write-off day and settlement limit (docs/decisions/244); orders already late meet the new day on the clock's next round. */
export function changeCollectionsPolicy(db: Db, productId: number, collectionsPolicy: CollectionsPolicy, actor: Actor, now = new Date()): Promise<ProductRow> {
  return changeProduct(db, productId, actor, now, { action: 'product.collections-policy', values: { collectionsPolicy }, audited: (product) => product.collectionsPolicy });
}
