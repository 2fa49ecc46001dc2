import type { CompanyFacts } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { companyFacts } from '../../db/schema';

export async function findCompanyFacts(db: Queryable): Promise<CompanyFacts | undefined> {
  const [row] = await db
    .select({
      name: companyFacts.name,
      email: companyFacts.email,
      address: companyFacts.address,
      cin: companyFacts.cin,
      nbfcNumber: companyFacts.nbfcNumber,
      site: companyFacts.site,
      phone: companyFacts.phone,
    })
    .from(companyFacts)
    .where(eq(companyFacts.id, 1))
    .limit(1);
  return row;
}
