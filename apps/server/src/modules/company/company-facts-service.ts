import { ErrorCode, type CompanyFacts } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { findCompanyFacts } from './company-facts-repository';

/** The lender's public facts; missing ones mean the deployment is incomplete, so the service is unavailable. */
export async function requireCompanyFacts(db: Queryable): Promise<CompanyFacts> {
  const facts = await findCompanyFacts(db);
  if (!facts) throw new AppError(ErrorCode.ServiceUnavailable);
  return facts;
}

/** The lender's facts as stored, or undefined before a deployment has set them. */
export function companyFacts(db: Queryable): Promise<CompanyFacts | undefined> {
  return findCompanyFacts(db);
}
