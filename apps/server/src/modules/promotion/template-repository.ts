import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoTemplates } from '../../db/schema';

export type TemplateRow = typeof promoTemplates.$inferSelect;
export type NewTemplate = typeof promoTemplates.$inferInsert;

export async function insertTemplate(db: Queryable, values: NewTemplate): Promise<TemplateRow> {
  const [row] = await db.insert(promoTemplates).values(values).returning();
  if (!row) throw new Error('template was not saved');
  return row;
}

export async function findTemplate(db: Queryable, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(promoTemplates).where(eq(promoTemplates.id, id)).limit(1);
  return row;
}

export async function listTemplates(db: Queryable): Promise<TemplateRow[]> {
  return db.select().from(promoTemplates).orderBy(asc(promoTemplates.id));
}
