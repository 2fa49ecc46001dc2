import { fillTemplate, MARKET_LANGUAGE, type AGENCY_NOTICE_KIND, type Language, type PROMISE_REMINDER_KIND } from '@lend/contracts';
import type { IsoDate, Market } from '@lend/domain';
import { smsAmount, smsDate, smsName } from '../../providers/sms/sms-text';

/** An outside agency as a message names it (docs/decisions/249). */
export type MessageAgency = { name: string; registration: string; phone: string };

/**
 * What a collection SMS says (docs/decisions/246), as domain values: every one names the lender
 * (its name in the market's company facts), the order number and what is owed, and never holds a
 * link: the borrower opens the app, or calls the lender's number, themselves. On an order placed
 * with an outside agency it names the agency too, as collecting for the lender (249).
 */
export type CollectionMessage = { lender: string; orderNo: string; owedMinor: number; agency?: MessageAgency | null } & (
  | { kind: 'collection-overdue' }
  | { kind: 'collection-call-us'; lenderPhone: string }
  | { kind: 'collection-promise' | typeof PROMISE_REMINDER_KIND; promisedMinor: number; promisedOn: IsoDate }
  | { kind: typeof AGENCY_NOTICE_KIND; agency: MessageAgency }
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
    'agency-notice': '{lender}: from today {agency} collects your loan {orderNo} on our behalf. {agencyDetails}. Pay only in the app.',
  },
  es: {
    'collection-overdue': '{lender}: tu préstamo {orderNo} tiene pagos vencidos. Adeudo: {owed}. Por favor paga hoy en la app y evita cargos adicionales.',
    'collection-call-us': '{lender}: intentamos comunicarnos contigo por tu préstamo {orderNo}, adeudo {owed}. Por favor llama al {phone}.',
    'collection-promise': '{lender}: prometiste pagar {promised} el {date} por tu préstamo {orderNo}. Adeudo: {owed}. Por favor paga en la app.',
    'promise-reminder': '{lender}: hoy {date} prometiste pagar {promised} de tu préstamo {orderNo}. Adeudo: {owed}. Paga en la app.',
    'agency-notice': '{lender}: desde hoy {agency} gestiona el cobro de tu préstamo {orderNo} por cuenta nuestra. {agencyDetails}. Paga solo en la app.',
  },
};

/** How a message from an agency names who sends it: the agency, collecting for the lender. */
const ON_BEHALF: Record<Language, string> = { en: '{agency} for {lender}', es: '{agency} por cuenta de {lender}' };
/** The agency's details the notice gives: its registration (REDECO in Mexico) when it has one, and its phone. */
const AGENCY_DETAILS: Record<Language, { registered: string; phone: string }> = {
  en: { registered: 'Registration {registration}, phone {phone}', phone: 'Phone {phone}' },
  es: { registered: 'Registro {registration}, tel. {phone}', phone: 'Tel. {phone}' },
};

function agencyDetails(agency: MessageAgency, language: Language): string {
  const texts = AGENCY_DETAILS[language];
  return fillTemplate(agency.registration === '' ? texts.phone : texts.registered, { registration: smsName(agency.registration), phone: agency.phone });
}

export function collectionMessageText(message: CollectionMessage, market: Market): string {
  const language = MARKET_LANGUAGE[market];
  const lender = smsName(message.lender);
  const sender = message.agency && message.kind !== 'agency-notice' ? fillTemplate(ON_BEHALF[language], { agency: smsName(message.agency.name), lender }) : lender;
  const common = { lender: sender, orderNo: message.orderNo, owed: smsAmount(message.owedMinor, market) };
  const template = TEXTS[language][message.kind];
  switch (message.kind) {
    case 'agency-notice':
      return fillTemplate(template, { ...common, agency: smsName(message.agency.name), agencyDetails: agencyDetails(message.agency, language) });
    case 'collection-overdue':
      return fillTemplate(template, common);
    case 'collection-call-us':
      return fillTemplate(template, { ...common, phone: message.lenderPhone });
    case 'collection-promise':
    case 'promise-reminder':
      return fillTemplate(template, { ...common, promised: smsAmount(message.promisedMinor, market), date: smsDate(message.promisedOn) });
  }
}
