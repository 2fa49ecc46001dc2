import { fillTemplate, type Language, type ReminderKind } from '@lend/contracts';
import type { IsoDate, Market } from '@lend/domain';
import { smsAmount as amount, smsDate as marketDate } from '../../providers/sms/sms-text';

/**
 * What each reminder says (docs/decisions/094), as domain values: the presenter writes them in
 * the borrower's language. Never a session id or a link: the borrower opens the app themselves.
 */
export type ReminderMessage =
  | { kind: 'due-soon' | 'due-today'; orderNo: string; amountMinor: number; dueDate: IsoDate }
  | { kind: 'payment-applied'; orderNo: string; amountMinor: number; receiptNo: string; balanceAfterMinor: number }
  | { kind: 'extension-granted'; orderNo: string; newDueDate: IsoDate }
  | { kind: 'loan-settled'; orderNo: string }
  | { kind: 'complaint-replied'; orderNo: string; folio: string; replyText: string };

/** Spanish for Mexico's borrowers, English for India's. */
export const MARKET_LANGUAGE: Record<Market, Language> = { MX: 'es', IN: 'en' };

/**
 * Texts kept to the GSM 7-bit alphabet, so one message fits one 160-character segment: Spanish
 * without the accents it lacks (á, í, ó, ú); amounts and dates as `sms-text.ts` writes them.
 */
const TEXTS: Record<Language, Record<ReminderKind, string>> = {
  en: {
    'due-soon': 'Reminder: {amount} of your loan {orderNo} is due on {date}. Pay on time to avoid late charges.',
    'due-today': 'Today {date} {amount} of your loan {orderNo} is due. Pay today to avoid late charges.',
    'payment-applied': 'We received {amount} for your loan {orderNo}. Receipt {receiptNo}. Still owed: {balance}.',
    'extension-granted': 'Your loan {orderNo} is extended. New due date: {date}.',
    'loan-settled': 'Your loan {orderNo} is repaid in full. Thank you!',
    'complaint-replied': 'Reply to your complaint {folio} (loan {orderNo}): {reply}',
  },
  es: {
    'due-soon': 'Recordatorio: tu pago de {amount} del préstamo {orderNo} vence el {date}. Paga a tiempo y evita cargos por atraso.',
    'due-today': 'Hoy {date} vence tu pago de {amount} del préstamo {orderNo}. Paga hoy y evita cargos por atraso.',
    'payment-applied': 'Recibimos {amount} de tu préstamo {orderNo}. Recibo {receiptNo}. Saldo pendiente: {balance}.',
    'extension-granted': 'Tu préstamo {orderNo} fue extendido. Nueva fecha de pago: {date}.',
    'loan-settled': 'Tu préstamo {orderNo} ha sido liquidado por completo. ¡Gracias!',
    'complaint-replied': 'Respuesta a tu queja {folio} (préstamo {orderNo}): {reply}',
  },
};

/** The lender's reply is cut to this many characters; the whole reply is in the app. */
export const REPLY_CHARS = 200;

function shortReply(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= REPLY_CHARS ? flat : `${flat.slice(0, REPLY_CHARS - 3)}...`;
}

export function reminderText(message: ReminderMessage, market: Market): string {
  const template = TEXTS[MARKET_LANGUAGE[market]][message.kind];
  switch (message.kind) {
    case 'due-soon':
    case 'due-today':
      return fillTemplate(template, { orderNo: message.orderNo, amount: amount(message.amountMinor, market), date: marketDate(message.dueDate) });
    case 'payment-applied':
      return fillTemplate(template, {
        orderNo: message.orderNo,
        amount: amount(message.amountMinor, market),
        receiptNo: message.receiptNo,
        balance: amount(message.balanceAfterMinor, market),
      });
    case 'extension-granted':
      return fillTemplate(template, { orderNo: message.orderNo, date: marketDate(message.newDueDate) });
    case 'loan-settled':
      return fillTemplate(template, { orderNo: message.orderNo });
    case 'complaint-replied':
      return fillTemplate(template, { orderNo: message.orderNo, folio: message.folio, reply: shortReply(message.replyText) });
  }
}
