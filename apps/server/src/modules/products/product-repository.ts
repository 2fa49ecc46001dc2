import { asc, eq } from 'drizzle-orm';
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
