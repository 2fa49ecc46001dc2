import { formatAmountNumber, type IsoDate, type Market } from '@lend/domain';

/**
 * How every borrower SMS writes amounts, dates and names (docs/decisions/094, 246): in the GSM
 * 7-bit alphabet, so a message stays 160 characters a segment. The rupee is "Rs." (₹ would make
 * the whole message UCS-2, 70 characters a segment).
 */
const CURRENCY_MARK: Record<Market, string> = { MX: '$', IN: 'Rs.' };

export function smsAmount(minor: number, market: Market): string {
  return `${CURRENCY_MARK[market]}${formatAmountNumber(minor, market)}`;
}

/** Both markets write the day first: 27/11/2026. */
export function smsDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The accented vowels GSM lacks (é and É it has), written without their accent. */
const OUTSIDE_GSM: Record<string, string> = { á: 'a', í: 'i', ó: 'o', ú: 'u', Á: 'A', Í: 'I', Ó: 'O', Ú: 'U' };

/** A name an administrator typed (the lender's), kept to the GSM alphabet's vowels. */
export function smsName(text: string): string {
  return text.replace(/[áíóúÁÍÓÚ]/g, (vowel) => OUTSIDE_GSM[vowel] ?? vowel);
}

/** The GSM 03.38 basic alphabet: a message of these characters fits 160 to a segment (the texts' unit tests check against it). */
export const GSM7_ALPHABET: ReadonlySet<string> = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
