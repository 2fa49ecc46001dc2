import { ErrorCode, type PhoneMarket, type ServiceContacts } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { findServiceContacts } from './service-contacts-repository';

/**
 * The contacts of the borrower's market as the borrower's app names them: phone is the WhatsApp
 * number, va the telephone (docs/decisions/230).
 */
export async function serviceContactsForBorrower(db: Queryable, market: PhoneMarket): Promise<ServiceContacts> {
  const row = await findServiceContacts(db, market);
  // Contacts are configuration: missing ones mean the deployment is incomplete, not that the borrower erred.
  if (!row) throw new AppError(ErrorCode.ServiceUnavailable);
  return { phone: row.whatsapp, va: row.telephone, email: row.email };
}
