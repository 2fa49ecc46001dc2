import type { PhoneMarket, ServiceContactsInput } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { serviceContacts } from '../../db/schema';

const columns = { whatsapp: serviceContacts.whatsapp, telephone: serviceContacts.telephone, email: serviceContacts.email };

export type ServiceContactsRow = ServiceContactsInput;

export async function findServiceContacts(db: Queryable, market: PhoneMarket): Promise<ServiceContactsRow | undefined> {
  const [row] = await db.select(columns).from(serviceContacts).where(eq(serviceContacts.market, market)).limit(1);
  return row;
}

export async function lockServiceContacts(db: Queryable, market: PhoneMarket): Promise<ServiceContactsRow | undefined> {
  const [row] = await db.select(columns).from(serviceContacts).where(eq(serviceContacts.market, market)).for('update').limit(1);
  return row;
}

export async function saveServiceContacts(db: Queryable, market: PhoneMarket, values: ServiceContactsInput): Promise<ServiceContactsRow> {
  const [row] = await db
    .insert(serviceContacts)
    .values({ market, ...values })
    .onConflictDoUpdate({ target: serviceContacts.market, set: { ...values, updatedAt: new Date() } })
    .returning(columns);
  if (!row) throw new Error('service contacts were not saved');
  return row;
}
