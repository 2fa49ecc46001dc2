import type { Queryable } from '../../db/client';
import { deleteLoginCodesOf } from './login-code-repository';

/** Account deletion: the sign-in codes sent to the borrower's stored phone, spent or not. */
export async function eraseSignInCodesOf(db: Queryable, phone: string): Promise<void> {
  await deleteLoginCodesOf(db, phone);
}
