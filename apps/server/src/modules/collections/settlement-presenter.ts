import { fillTemplate, type Language } from '@lend/contracts';
import { formatAmount, type IsoDate, type Market } from '@lend/domain';

/** What a settlement offer says to the borrower, as domain values (docs/decisions/245). */
export type SettlementOffer = { orderNo: string; toPayMinor: number; waivedMinor: number; expiresOn: IsoDate };

/** The offer's text the borrower accepts: its hash is kept with the acceptance, so change a line only with care. */
const LINES: Record<Language, readonly string[]> = {
  en: [
    'Pay {toPay} by {date} and your loan {orderNo} is closed.',
    'We waive the rest of what you owe: {waived}.',
    'The loan will be reported to the credit bureaus as settled, not as paid in full.',
    'You may pay in parts, through any payment channel. If the payments made after you accept do not reach {toPay} by {date}, the offer lapses and you owe the whole debt.',
  ],
  es: [
    'Pague {toPay} a más tardar el {date} y su préstamo {orderNo} queda cerrado.',
    'Le condonamos el resto de lo que debe: {waived}.',
    'El préstamo se reportará a las sociedades de información crediticia como liquidado mediante convenio, no como pagado en su totalidad.',
    'Puede pagar en partes, por cualquier canal de pago. Si lo que pague después de aceptar no llega a {toPay} a más tardar el {date}, la oferta vence y usted debe el adeudo completo.',
  ],
};

export function settlementOfferLines(offer: SettlementOffer, market: Market, language: Language): string[] {
  const values = { toPay: formatAmount(offer.toPayMinor, market), waived: formatAmount(offer.waivedMinor, market), date: offer.expiresOn, orderNo: offer.orderNo };
  return LINES[language].map((line) => fillTemplate(line, values));
}
