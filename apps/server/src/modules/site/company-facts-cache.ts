import type { CompanyFacts } from '@lend/contracts';
import type { Db } from '../../db/client';
import { companyFacts } from '../company';

/**
 * The facts for the site's pages, read again after `ttlMs`, so serving a page rarely waits on the
 * database while a change by an operator still shows within that time.
 */
export function cachedCompanyFacts(db: Db, ttlMs = 30_000): () => Promise<CompanyFacts | null> {
  let value: CompanyFacts | null = null;
  let readAt = -Infinity;
  return async () => {
    if (Date.now() - readAt < ttlMs) return value;
    value = (await companyFacts(db)) ?? null;
    readAt = Date.now();
    return value;
  };
}
