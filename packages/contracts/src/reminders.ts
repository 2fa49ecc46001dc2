import { z } from 'zod';
import { COLLECTION_SMS_KINDS } from './collection-messages';

/**
 * The borrower reminders and notices sent by SMS (docs/decisions/094): two before a due date
 * (topic `paymentReminders`) and four after an event (topic `accountNotices`).
 */
export const REMINDER_KINDS = ['due-soon', 'due-today', 'payment-applied', 'extension-granted', 'loan-settled', 'complaint-replied'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * The one-time codes, one kind per purpose: each has its own text (a payment code says it is one),
 * so India's DLT registers a content template for each (docs/decisions/105, 226).
 */
export const CODE_SMS_KINDS = ['sign-in-code', 'payment-code', 'promotion-code'] as const;
export type CodeSmsKind = (typeof CODE_SMS_KINDS)[number];

/** What an outbox message was sent for: a one-time code, one of the reminders, or a collection message (docs/decisions/246). */
export const SMS_KINDS = [...CODE_SMS_KINDS, ...REMINDER_KINDS, ...COLLECTION_SMS_KINDS] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/**
 * Where a message stands (docs/decisions/105): `sending` while we hand it to the gateway, then
 * the gateway's own word: `queued`, `sent`, and one of the final `delivered`, `undelivered`,
 * `failed` (`failed` also when the gateway refused it or every try failed).
 */
export const SMS_STATUSES = ['sending', 'queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** `at` (an ISO instant) runs the pass as if it were then; demo mode only. */
export const reminderRunRequestSchema = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export type ReminderRunRequest = z.input<typeof reminderRunRequestSchema>;

export const reminderRunResultSchema = z.object({
  /** Messages the provider accepted in this pass, per kind. */
  sent: z.record(z.enum(REMINDER_KINDS), z.number().int()),
  /** Sends the provider refused; each is tried again later, never after one succeeded. */
  failed: z.number().int(),
});
export type ReminderRunResult = z.infer<typeof reminderRunResultSchema>;
