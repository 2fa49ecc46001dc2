import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
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

/** The template held until the transaction ends, so two edits of it apply one after the other. */
export async function lockTemplate(db: Queryable, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(promoTemplates).where(eq(promoTemplates.id, id)).for('update').limit(1);
  return row;
}

export async function saveTemplate(db: Queryable, id: number, values: Omit<NewTemplate, 'id' | 'createdAt'>): Promise<TemplateRow> {
  const [row] = await db.update(promoTemplates).set(values).where(eq(promoTemplates.id, id)).returning();
  if (!row) throw new Error('template was not saved');
  return row;
}

/** Oldest first, one page (and one row more) after the cursor's template. */
export async function listTemplates(db: Queryable, page: PageRequest<readonly [number]>): Promise<TemplateRow[]> {
  return db
    .select()
    .from(promoTemplates)
    .where(pastCursor(promoTemplates.id, page, 'oldest-first'))
    .orderBy(asc(promoTemplates.id))
    .limit(page.limit + 1);
}
