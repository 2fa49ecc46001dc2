import { ErrorCode, type CompanyFacts, type PhoneMarket } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { findCompanyFacts } from './company-facts-repository';

/** The market's lender facts; missing ones mean the deployment is incomplete, so the service is unavailable. */
export async function requireCompanyFacts(db: Queryable, market: PhoneMarket): Promise<CompanyFacts> {
  const facts = await findCompanyFacts(db, market);
  if (!facts) throw new AppError(ErrorCode.ServiceUnavailable);
  return facts;
}

/** The market's lender facts as stored, or undefined before a deployment has set them (docs/decisions/230). */
export function companyFacts(db: Queryable, market: PhoneMarket): Promise<CompanyFacts | undefined> {
  return findCompanyFacts(db, market);
}
