import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { companyFacts } from '../../db/schema';

export type CompanyFactsRow = typeof companyFacts.$inferSelect;

export async function findCompanyFacts(db: Queryable): Promise<CompanyFactsRow | undefined> {
  const [row] = await db.select().from(companyFacts).where(eq(companyFacts.id, 1)).limit(1);
  return row;
}
