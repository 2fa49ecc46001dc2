import { CardLimits, type Language } from '@lend/contracts';

const CODE_SMS: Record<Language, string> = {
  en: 'Lend: your payment code is {code}. It expires in {minutes} minutes. Never share it.',
  es: 'Lend: su código de pago es {code}. Caduca en {minutes} minutos. No lo comparta con nadie.',
};

/** The SMS that carries a card payment's code, in the borrower's language. */
export function codeSmsText(language: Language, code: string): string {
  return CODE_SMS[language].replace('{code}', code).replace('{minutes}', String(CardLimits.codeTtlMs / 60_000));
}
