import { CardLimits, maskCardNumber, type BankCard, type Language } from '@lend/contracts';
import type { SavedCardRow } from './saved-card-repository';

const CODE_SMS: Record<Language, string> = {
  en: 'Lend: your payment code is {code}. It expires in {minutes} minutes. Never share it.',
  es: 'Lend: su código de pago es {code}. Caduca en {minutes} minutos. No lo comparta con nadie.',
};

/** The SMS that carries a card payment's code, in the borrower's language. */
export function codeSmsText(language: Language, code: string): string {
  return CODE_SMS[language].replace('{code}', code).replace('{minutes}', String(CardLimits.codeTtlMs / 60_000));
}

/** A saved card as the borrower sees it: never more of the number than the last 4 digits. */
export function bankCardView(card: Pick<SavedCardRow, 'id' | 'bankName' | 'bankCode' | 'last4'>): BankCard {
  return { id: card.id, bankName: card.bankName, cardNo: maskCardNumber(card.last4), bankCode: card.bankCode, last4: card.last4 };
}
