import { maskCardNumber, type BankCard } from '@lend/contracts';
import type { SavedCard } from './card-service';

/** A saved card as the borrower sees it: never more of the number than the last 4 digits. */
export function bankCardView(card: Pick<SavedCard, 'id' | 'bankName' | 'bankCode' | 'last4'>): BankCard {
  return { id: card.id, bankName: card.bankName, cardNo: maskCardNumber(card.last4), bankCode: card.bankCode, last4: card.last4 };
}
