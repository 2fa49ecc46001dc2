import { and, asc, eq } from 'drizzle-orm';
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

/** The market's products open to new loans, in the order the lender added them. */
export function listActiveMarketProducts(db: Queryable, market: string): Promise<ProductRow[]> {
  return db.select().from(products).where(and(eq(products.market, market), eq(products.active, true))).orderBy(asc(products.id));
}
