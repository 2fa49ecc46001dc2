import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

export async function findProduct(db: Queryable, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export function listProducts(db: Queryable): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.id));
}

export function findProducts(db: Queryable, ids: readonly number[]): Promise<ProductRow[]> {
  return db.select().from(products).where(inArray(products.id, [...ids]));
}

/** Every product of the market, open to new loans or not. */
export function listMarketProductIds(db: Queryable, market: string): Promise<{ id: number }[]> {
  return db.select({ id: products.id }).from(products).where(eq(products.market, market)).orderBy(asc(products.id));
}

/** The market's products open to new loans, in the order the lender added them. */
export function listActiveMarketProducts(db: Queryable, market: string): Promise<ProductRow[]> {
  return db.select().from(products).where(and(eq(products.market, market), eq(products.active, true))).orderBy(asc(products.id));
}

/** The product as it stands, its row locked until the caller's transaction ends: the "before" of a change. */
export async function lockProduct(db: Queryable, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update').limit(1);
  return row;
}

export async function saveProductSettings(db: Queryable, id: number, values: Partial<Pick<ProductRow, 'pricing' | 'creditPolicy' | 'collectionsPolicy'>>): Promise<ProductRow> {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  if (!row) throw new Error(`product ${id} was not saved`);
  return row;
}
