import type { Queryable } from '../../db/client';
import { promoRegistrations } from '../../db/schema';

export async function insertRegistration(db: Queryable, values: typeof promoRegistrations.$inferInsert): Promise<void> {
  await db.insert(promoRegistrations).values(values);
}
