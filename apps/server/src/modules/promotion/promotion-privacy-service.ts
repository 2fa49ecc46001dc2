import type { Queryable } from '../../db/client';
import { deleteSmsCodesOf, eraseRegistrationDetails } from './promotion-privacy-repository';

/** Erases the landing registration's device and invite code and the sign-up codes sent to the phone. */
export async function erasePromotionDataOf(db: Queryable, borrowerId: number, phone: string): Promise<void> {
  await eraseRegistrationDetails(db, borrowerId);
  await deleteSmsCodesOf(db, phone);
}
