import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { serviceContacts } from '../../db/schema';

export type ServiceContactsRow = typeof serviceContacts.$inferSelect;

export async function findServiceContacts(db: Queryable): Promise<ServiceContactsRow | undefined> {
  const [row] = await db.select().from(serviceContacts).where(eq(serviceContacts.id, 1)).limit(1);
  return row;
}

export async function saveServiceContacts(
  db: Queryable,
  values: { whatsapp: string; telephone: string; email: string },
): Promise<ServiceContactsRow> {
  const [row] = await db
    .insert(serviceContacts)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: serviceContacts.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('service contacts were not saved');
  return row;
}
