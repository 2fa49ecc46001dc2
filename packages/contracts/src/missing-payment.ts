import { z } from 'zod';
import { COMPLAINT_IMAGE_BASE, complaintImageName } from './complaint-constants';
import { ComplaintErrorCode } from './error-codes-complaints';
import { LoanErrorCode } from './error-codes-loans';
import { ruleError } from './rule-error';

/** The complaint type a "my payment does not show" report is filed under, and its child type. */
export const MISSING_PAYMENT_COMPLAINT = { problemType: 2, problemSonType: 201 } as const;

/** A payment reference as tickets print it: letters, digits, spaces and dashes. */
export const MISSING_PAYMENT_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/;

const formText = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/** A real calendar day written YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * `POST payment-missing` (form body): a payment the borrower made that the order does not show.
 * The server files it as a complaint with the reference and the date in its text.
 */
export const missingPaymentRequestSchema = z.object({
  orderId: z.string().trim().min(1).max(32),
  productId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  reference: formText
    .optional()
    .transform((value) => (value ?? '').replace(/\s+/g, ' '))
    .refine((value) => MISSING_PAYMENT_REFERENCE.test(value), ruleError(LoanErrorCode.MissingPaymentReferenceInvalid)),
  paidOn: formText
    .optional()
    .transform((value) => value ?? '')
    .refine(isCalendarDate, ruleError(LoanErrorCode.MissingPaymentDateInvalid)),
  /** The address the upload call answered for a photo of the ticket; empty when none. */
  ticketImage: formText
    .optional()
    .transform((value) => value ?? '')
    .refine((url) => url === '' || complaintImageName(url, COMPLAINT_IMAGE_BASE) !== undefined, ruleError(ComplaintErrorCode.ComplaintImageUnknown))
    .transform((url) => (url === '' ? [] : [complaintImageName(url, COMPLAINT_IMAGE_BASE) ?? ''])),
});
export type MissingPaymentRequest = z.input<typeof missingPaymentRequestSchema>;

/** The complaint filed: its folio, and what the borrower reads about it. */
export const missingPaymentFiledSchema = z.object({ problemId: z.string(), folio: z.string(), message: z.string() });
export type MissingPaymentFiled = z.infer<typeof missingPaymentFiledSchema>;
