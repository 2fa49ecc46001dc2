import { fillTemplate, MARKET_LANGUAGE, type Language, type PROMISE_REMINDER_KIND } from '@lend/contracts';
import type { IsoDate, Market } from '@lend/domain';
import { smsAmount, smsDate, smsName } from '../../providers/sms/sms-text';

/**
 * What a collection SMS says (docs/decisions/246), as domain values: every one names the lender
 * (its name in the market's company facts), the order number and what is owed, and never holds a
 * link: the borrower opens the app, or calls the lender's number, themselves.
 */
export type CollectionMessage = { lender: string; orderNo: string; owedMinor: number } & (
  | { kind: 'collection-overdue' }
  | { kind: 'collection-call-us'; lenderPhone: string }
  | { kind: 'collection-promise' | typeof PROMISE_REMINDER_KIND; promisedMinor: number; promisedOn: IsoDate }
);

/**
 * In the market's language, in the GSM alphabet (Spanish without á, í, ó, ú). With a lender's full
 * legal name a message may take two segments; each kind's text is registered as it is (India's DLT).
 */
const TEXTS: Record<Language, Record<CollectionMessage['kind'], string>> = {
  en: {
    'collection-overdue': '{lender}: your loan {orderNo} is overdue. Amount owed: {owed}. Please pay today in the app to avoid further charges.',
    'collection-call-us': '{lender}: we tried to reach you about your loan {orderNo}, {owed} owed. Please call us on {phone}.',
    'collection-promise': '{lender}: you promised to pay {promised} on {date} for your loan {orderNo}. Amount owed: {owed}. Please pay in the app.',
    'promise-reminder': '{lender}: today {date} you promised to pay {promised} for your loan {orderNo}. Amount owed: {owed}. Pay in the app.',
  },
  es: {
    'collection-overdue': '{lender}: tu préstamo {orderNo} tiene pagos vencidos. Adeudo: {owed}. Por favor paga hoy en la app y evita cargos adicionales.',
    'collection-call-us': '{lender}: intentamos comunicarnos contigo por tu préstamo {orderNo}, adeudo {owed}. Por favor llama al {phone}.',
    'collection-promise': '{lender}: prometiste pagar {promised} el {date} por tu préstamo {orderNo}. Adeudo: {owed}. Por favor paga en la app.',
    'promise-reminder': '{lender}: hoy {date} prometiste pagar {promised} de tu préstamo {orderNo}. Adeudo: {owed}. Paga en la app.',
  },
};

export function collectionMessageText(message: CollectionMessage, market: Market): string {
  const common = { lender: smsName(message.lender), orderNo: message.orderNo, owed: smsAmount(message.owedMinor, market) };
  const template = TEXTS[MARKET_LANGUAGE[market]][message.kind];
  switch (message.kind) {
    case 'collection-overdue':
      return fillTemplate(template, common);
    case 'collection-call-us':
      return fillTemplate(template, { ...common, phone: message.lenderPhone });
    case 'collection-promise':
    case 'promise-reminder':
      return fillTemplate(template, { ...common, promised: smsAmount(message.promisedMinor, market), date: smsDate(message.promisedOn) });
  }
}
