import {
  ConfigErrorCode,
  COMPANY_PHONE_FIELDS,
  CONTACT_PHONE_FIELDS,
  PHONE_MARKETS,
  phoneOfOtherMarket,
  type CompanyFacts,
  type CompanyFactsInput,
  type LenderFacts,
  type PhoneMarket,
  type ServiceContactsInput,
} from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../staff';
import { findCompanyFacts, lockCompanyFacts, saveCompanyFacts } from './company-facts-repository';
import { findServiceContacts, lockServiceContacts, saveServiceContacts } from './service-contacts-repository';

/**
 * An administrator's view and changes of each market's lender facts and customer-service contacts
 * (docs/decisions/230). A change and its audit entry commit together (docs/decisions/162); the
 * site shows a change within its cache's half minute, the borrower's screens and the Key Facts
 * Statement at once.
 */

export async function lenderFacts(db: Queryable): Promise<LenderFacts[]> {
  return Promise.all(
    PHONE_MARKETS.map(async (market) => {
      const [company, contacts] = await Promise.all([findCompanyFacts(db, market), findServiceContacts(db, market)]);
      return { market, company: company ?? null, contacts: contacts ?? null };
    }),
  );
}

function refuseOtherMarketPhones<T extends Record<string, string>>(market: PhoneMarket, values: T, fields: readonly (keyof T & string)[]): void {
  const field = phoneOfOtherMarket(market, values, fields);
  if (field !== undefined) throw new AppError(ConfigErrorCode.LenderPhoneOfOtherMarket, field);
}

export function changeCompanyFacts(db: Db, market: PhoneMarket, values: CompanyFactsInput, actor: Actor, now = new Date()): Promise<CompanyFacts> {
  refuseOtherMarketPhones(market, values, COMPANY_PHONE_FIELDS);
  return db.transaction(async (tx) => {
    const before = await lockCompanyFacts(tx, market);
    const after = await saveCompanyFacts(tx, market, values);
    await recordAudit(tx, actor, { action: 'lender-facts.company.change', objectType: 'lender-facts', objectId: market, before: before ?? null, after }, now);
    return after;
  });
}

export function changeServiceContacts(db: Db, market: PhoneMarket, values: ServiceContactsInput, actor: Actor, now = new Date()): Promise<ServiceContactsInput> {
  refuseOtherMarketPhones(market, values, CONTACT_PHONE_FIELDS);
  return db.transaction(async (tx) => {
    const before = await lockServiceContacts(tx, market);
    const after = await saveServiceContacts(tx, market, values);
    await recordAudit(tx, actor, { action: 'lender-facts.contacts.change', objectType: 'lender-facts', objectId: market, before: before ?? null, after }, now);
    return after;
  });
}

/** Sets a market's facts and contacts where nothing records who did it: the demo data. */
export async function seedLenderFacts(db: Queryable, market: PhoneMarket, company: CompanyFactsInput, contacts: ServiceContactsInput): Promise<void> {
  await saveCompanyFacts(db, market, company);
  await saveServiceContacts(db, market, contacts);
}
