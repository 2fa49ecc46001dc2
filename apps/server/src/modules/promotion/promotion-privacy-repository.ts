import { phoneForms } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoRegistrations, promoSmsCodes } from '../../db/schema';
import { codesIn } from '../one-time-codes';

/** Keeps where the borrower came from (counted in the funnel), drops their device and invite code. */
export async function eraseRegistrationDetails(db: Queryable, borrowerId: number): Promise<void> {
  await db.update(promoRegistrations).set({ deviceId: '', inviteCode: '' }).where(eq(promoRegistrations.borrowerId, borrowerId));
}

/** The landing keeps a phone's codes under its national digits, the borrower's stored form is E.164. */
export async function deleteSmsCodesOf(db: Queryable, phone: string): Promise<void> {
  await codesIn(promoSmsCodes).removeAllOf(db, phoneForms(phone));
}
