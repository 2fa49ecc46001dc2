import { z } from 'zod';
import type { CompanyFacts } from './company-facts';
import { ContactErrorCode } from './error-codes-contact';
import { StaffRuleErrorCode } from './error-codes-staff-rules';
import { ruleError } from './rule-error';
import { Limits } from './limits';
import { pageQuerySchema, pageSchema } from './paging';

export const companyFactsSchema = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  cin: z.string(),
  nbfcNumber: z.string(),
  site: z.string(),
  phone: z.string(),
  complaintsOfficer: z.string(),
  complaintsEmail: z.string(),
  complaintsPhone: z.string(),
  complaintsAddress: z.string(),
}) satisfies z.ZodType<CompanyFacts>;

/** Length in code points, so an emoji or an accented letter counts as one character. */
const codePoints = (value: string) => [...value].length;

const required = z.string().trim().min(1);

/**
 * The site's contact form: all four fields required, trimmed, length-limited (docs/decisions/042).
 * The phone keeps the visitor's spacing but must hold 8 to 15 digits, with an optional leading +.
 */
export const contactMessageRequestSchema = z.object({
  fullName: required.refine((v) => codePoints(v) <= Limits.contactNameMax, { message: 'too_long' }),
  email: required.max(Limits.contactEmailMax).pipe(z.email()),
  phone: required.regex(
    new RegExp(`^\\+?(?:[\\s().-]*\\d){${Limits.contactPhoneDigitsMin},${Limits.contactPhoneDigitsMax}}[\\s().-]*$`),
  ),
  message: required.refine((v) => codePoints(v) <= Limits.contactMessageMax, { message: 'too_long' }),
});
export type ContactMessageRequest = z.infer<typeof contactMessageRequestSchema>;
export type ContactField = keyof ContactMessageRequest;
export const CONTACT_FIELDS = ['fullName', 'email', 'phone', 'message'] as const satisfies readonly ContactField[];

export const contactMessageReceiptSchema = z.object({ id: z.number().int(), receivedAt: z.string() });
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>;

/**
 * The one refusal a visitor reads for a contact form, on the page and from the server alike:
 * any empty field first ('Please provide complete information!'), then the first bad field.
 */
export type ContactRefusalCode =
  | typeof ContactErrorCode.ContactIncomplete
  | typeof ContactErrorCode.ContactEmailInvalid
  | typeof ContactErrorCode.ContactPhoneInvalid
  | typeof ContactErrorCode.ContactNameTooLong
  | typeof ContactErrorCode.ContactMessageTooLong;

export function contactFormRefusal(input: Partial<Record<ContactField, unknown>>): { code: ContactRefusalCode; field: ContactField } | null {
  const blank = CONTACT_FIELDS.find((field) => {
    const value = input[field];
    return typeof value !== 'string' || value.trim() === '';
  });
  if (blank) return { code: ContactErrorCode.ContactIncomplete, field: blank };
  const parsed = contactMessageRequestSchema.safeParse(input);
  if (parsed.success) return null;
  const field = (parsed.error.issues[0]?.path[0] ?? 'message') as ContactField;
  const codes: Record<ContactField, ContactRefusalCode> = {
    fullName: ContactErrorCode.ContactNameTooLong,
    email: ContactErrorCode.ContactEmailInvalid,
    phone: ContactErrorCode.ContactPhoneInvalid,
    message: ContactErrorCode.ContactMessageTooLong,
  };
  return { code: codes[field], field };
}

export const CONTACT_MESSAGE_STATES = ['new', 'answered'] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];

/**
 * What an operator reads of a contact message. No law sets an answer date for a message left on
 * the site, so it carries no due date: the back office shows when it came and how long it has
 * waited (docs/decisions/172).
 */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  language: z.enum(['en', 'es']),
  receivedAt: z.string(),
  state: z.enum(CONTACT_MESSAGE_STATES),
  answer: z.object({ note: z.string(), answeredAt: z.string(), answeredBy: z.string() }).nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListQuerySchema = pageQuerySchema.extend({
  state: z.enum(CONTACT_MESSAGE_STATES).optional(),
  /** Any part of the sender's e-mail, or of their phone's digits. */
  q: z.string().trim().min(2).max(100).optional(),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;
export const contactMessageListSchema = pageSchema(contactMessageSchema);
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export const contactMessageParamsSchema = z.object({ messageId: z.coerce.number().int().positive().max(2_147_483_647) });
/** How the message was answered (by phone, by e-mail, …): for the next person who reads it. */
export const contactMessageAnswerBodySchema = z.object({
  note: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine((note) => note.length > 0 && codePoints(note) <= Limits.contactMessageMax, ruleError(StaffRuleErrorCode.ContactAnswerNoteInvalid)),
});
