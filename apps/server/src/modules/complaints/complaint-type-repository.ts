import { asc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { complaintTypes } from '../../db/schema';

export type ComplaintTypeRow = typeof complaintTypes.$inferSelect;
export type ComplaintTypeValues = Pick<ComplaintTypeRow, 'parentValue' | 'titleEn' | 'titleEs' | 'sortOrder' | 'active'>;

/** Every type, parents and children alike, in the order the screens list them. */
export function listComplaintTypes(db: Queryable): Promise<ComplaintTypeRow[]> {
  return db.select().from(complaintTypes).orderBy(asc(complaintTypes.sortOrder), asc(complaintTypes.value));
}

export async function saveComplaintType(db: Queryable, value: number, values: ComplaintTypeValues): Promise<ComplaintTypeRow> {
  const [row] = await db
    .insert(complaintTypes)
    .values({ value, ...values })
    .onConflictDoUpdate({ target: complaintTypes.value, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error(`complaint type ${value} was not saved`);
  return row;
}
