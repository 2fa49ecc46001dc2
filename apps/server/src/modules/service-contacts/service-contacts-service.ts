import { ErrorCode, type ServiceContacts } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { findServiceContacts, saveServiceContacts } from './service-contacts-repository';

/** The contacts as the borrower's app names them: phone is the WhatsApp number, va the telephone. */
export async function serviceContactsForBorrower(db: Queryable): Promise<ServiceContacts> {
  const row = await findServiceContacts(db);
  // Contacts are configuration: missing ones mean the deployment is incomplete, not that the borrower erred.
  if (!row) throw new AppError(ErrorCode.ServiceUnavailable);
  return { phone: row.whatsapp, va: row.telephone, email: row.email };
}

/** Replaces the lender's contacts (the demo seed; a deployment keeps its own). */
export async function setServiceContacts(db: Queryable, values: { whatsapp: string; telephone: string; email: string }): Promise<void> {
  await saveServiceContacts(db, values);
}
