import type { CompanyFacts, CompanyFactsInput, PhoneMarket } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { companyFacts } from '../../db/schema';

const columns = {
  name: companyFacts.name,
  email: companyFacts.email,
  address: companyFacts.address,
  cin: companyFacts.cin,
  nbfcNumber: companyFacts.nbfcNumber,
  site: companyFacts.site,
  phone: companyFacts.phone,
  complaintsOfficer: companyFacts.complaintsOfficer,
  complaintsEmail: companyFacts.complaintsEmail,
  complaintsPhone: companyFacts.complaintsPhone,
  complaintsAddress: companyFacts.complaintsAddress,
};

export async function findCompanyFacts(db: Queryable, market: PhoneMarket): Promise<CompanyFacts | undefined> {
  const [row] = await db.select(columns).from(companyFacts).where(eq(companyFacts.market, market)).limit(1);
  return row;
}

export async function lockCompanyFacts(db: Queryable, market: PhoneMarket): Promise<CompanyFacts | undefined> {
  const [row] = await db.select(columns).from(companyFacts).where(eq(companyFacts.market, market)).for('update').limit(1);
  return row;
}

export async function saveCompanyFacts(db: Queryable, market: PhoneMarket, values: CompanyFactsInput): Promise<CompanyFacts> {
  const [row] = await db
    .insert(companyFacts)
    .values({ market, ...values })
    .onConflictDoUpdate({ target: companyFacts.market, set: { ...values, updatedAt: new Date() } })
    .returning(columns);
  if (!row) throw new Error('company facts were not saved');
  return row;
}
