import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { promoRegistrations, promoSmsCodes } from '../../db/schema';

/** Keeps where the borrower came from (counted in the funnel), drops their device and invite code. */
export async function eraseRegistrationDetails(db: Queryable, borrowerId: number): Promise<void> {
  await db.update(promoRegistrations).set({ deviceId: '', inviteCode: '' }).where(eq(promoRegistrations.borrowerId, borrowerId));
}

export async function deleteSmsCodesOf(db: Queryable, phone: string): Promise<void> {
  await db.delete(promoSmsCodes).where(eq(promoSmsCodes.phone, phone));
}
