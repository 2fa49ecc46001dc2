import type { CompanyFacts, PhoneMarket } from '@lend/contracts';
import type { Db } from '../../db/client';
import { companyFacts } from '../company';

/**
 * Each market's facts for the site's pages, read again after `ttlMs`, so serving a page rarely
 * waits on the database while a change by an operator still shows within that time.
 */
export function cachedCompanyFacts(db: Db, ttlMs = 30_000): (market: PhoneMarket) => Promise<CompanyFacts | null> {
  const cached = new Map<PhoneMarket, { value: CompanyFacts | null; readAt: number }>();
  return async (market) => {
    const entry = cached.get(market);
    if (entry && Date.now() - entry.readAt < ttlMs) return entry.value;
    const value = (await companyFacts(db, market)) ?? null;
    cached.set(market, { value, readAt: Date.now() });
    return value;
  };
}
