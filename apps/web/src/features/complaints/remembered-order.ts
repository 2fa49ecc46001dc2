/**
 * The order chosen on complaint home, kept in local storage across the flow (docs/decisions/025) and
 * cleared once the complaint is filed. Keyed by borrower, so a shared phone never offers
 * one borrower's order to another. Storage may be unavailable (private mode): then nothing
 * is remembered.
 */
const keyFor = (userId: string | undefined) => `lend.complaint.orderNo.${userId ?? 'anonymous'}`;

export function rememberedOrderNo(userId: string | undefined): string | null {
  try {
    return localStorage.getItem(keyFor(userId));
  } catch {
    return null;
  }
}

export function rememberOrderNo(userId: string | undefined, orderNo: string): void {
  try {
    localStorage.setItem(keyFor(userId), orderNo);
  } catch {
    // nothing to remember with
  }
}

export function forgetOrderNo(userId: string | undefined): void {
  try {
    localStorage.removeItem(keyFor(userId));
  } catch {
    // nothing was remembered
  }
}
