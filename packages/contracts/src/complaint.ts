import { z } from 'zod';
import {
  codePointLength,
  COMPLAINT_IMAGE_BASE,
  COMPLAINT_STATUSES,
  complaintImageName,
  OPERATOR_COMPLAINT_IMAGE_BASE,
  normaliseComplaintText,
} from './complaint-constants';
import { ComplaintErrorCode } from './error-codes-complaints';
import { ruleError } from './rule-error';
import { Limits } from './limits';
import { pageQuerySchema, pageSchema } from './paging';

export * from './complaint-constants';

/** Form bodies carry text; JSON bodies may carry numbers. Both arrive here as trimmed text. */
const formText = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/** A positive whole number sent as text; anything else gets `code`'s message. */
function idText(code: Parameters<typeof ruleError>[0]) {
  return formText
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => /^[1-9]\d{0,8}$/.test(value), ruleError(code))
    .transform(Number);
}

function complaintText(max: number, emptyCode: Parameters<typeof ruleError>[0], longCode: Parameters<typeof ruleError>[0]) {
  return z
    .string()
    .optional()
    .transform((value) => normaliseComplaintText(value ?? ''))
    .refine((text) => text.length > 0, ruleError(emptyCode))
    .refine((text) => codePointLength(text) <= max, ruleError(longCode));
}

/** Image addresses, comma-joined in a form body (as `problem-save` sends them) or a list in JSON; repeats count once. */
function imageList(base: string, tooMany: Parameters<typeof ruleError>[0]) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => {
      const items = Array.isArray(value) ? value : (value ?? '').split(',');
      return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
    })
    .refine((urls) => urls.length <= Limits.complaintImagesMax, ruleError(tooMany))
    .refine((urls) => urls.every((url) => complaintImageName(url, base) !== undefined), ruleError(ComplaintErrorCode.ComplaintImageUnknown))
    .transform((urls) => urls.map((url) => complaintImageName(url, base) ?? ''));
}

// ---- borrower calls: complaints and customer service, under /machine/user-problem ----

/** `POST problem-init`: the order the screen opened with, if any (its id from the page params). */
export const complaintInitRequestSchema = z.object({
  orderId: formText.optional(),
});
export type ComplaintInitRequest = z.input<typeof complaintInitRequestSchema>;

export const complaintOptionSchema = z.object({ title: z.string(), value: z.number().int() });
export type ComplaintOption = z.infer<typeof complaintOptionSchema>;

/** A child type names its parent, so the screen lists it under the right type. */
export const complaintSonOptionSchema = complaintOptionSchema.extend({ parentValue: z.number().int() });
export type ComplaintSonOption = z.infer<typeof complaintSonOptionSchema>;

export const titleValueRowSchema = z.object({ title: z.string(), value: z.string() });
export type TitleValueRow = z.infer<typeof titleValueRowSchema>;

export const complaintOrderSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  /** The order can be in collection, so a collection complaint is accepted. */
  isShow: z.boolean(),
  list: z.array(titleValueRowSchema),
});
export type ComplaintOrder = z.infer<typeof complaintOrderSchema>;

export const complaintInitSchema = z.object({
  problemType: z.array(complaintOptionSchema),
  problemSonType: z.array(complaintSonOptionSchema),
  /** The requested order, else the newest one; null when the borrower has none. */
  orderDetail: complaintOrderSchema.nullable(),
  orderList: z.array(complaintOrderSchema),
});
export type ComplaintInit = z.infer<typeof complaintInitSchema>;

/** `POST problem-save`: type, child type, text of at most 200 characters, comma-joined images, the order number. */
export const complaintSaveRequestSchema = z.object({
  problemType: idText(ComplaintErrorCode.ComplaintTypeUnknown),
  /** Empty (or 0) when the type has no child types. */
  problemSonType: formText
    .optional()
    .transform((value) => (value === undefined || value === '' || value === '0' ? '' : value))
    .refine((value) => value === '' || /^[1-9]\d{0,8}$/.test(value), ruleError(ComplaintErrorCode.ComplaintSonTypeUnknown))
    .transform((value) => (value === '' ? null : Number(value))),
  problemDetail: complaintText(Limits.complaintTextMax, ComplaintErrorCode.ComplaintTextEmpty, ComplaintErrorCode.ComplaintTextTooLong),
  /** Addresses returned by the upload call; the server keeps only their image names. */
  problemImage: imageList(COMPLAINT_IMAGE_BASE, ComplaintErrorCode.ComplaintTooManyImages),
  orderNo: formText
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value.length > 0 && value.length <= 32, ruleError(ComplaintErrorCode.ComplaintOrderNotFound)),
});
export type ComplaintSaveRequest = z.input<typeof complaintSaveRequestSchema>;

export const complaintSavedSchema = z.object({ problemId: z.string(), folio: z.string() });
export type ComplaintSaved = z.infer<typeof complaintSavedSchema>;

/** `POST upload-problem-img` answers the address to send back in `problemImage`. */
export const complaintImageUploadedSchema = z.object({ url: z.string() });
export type ComplaintImageUploaded = z.infer<typeof complaintImageUploadedSchema>;

export const complaintStatusSchema = z.enum(COMPLAINT_STATUSES);

export const complaintListItemSchema = z.object({
  id: z.string(),
  folio: z.string(),
  /** When it was filed, `YYYY-MM-DD HH:MM:SS` in the order's market (its product's time zone). */
  time: z.string(),
  type: z.string(),
  sonType: z.string(),
  content: z.string(),
  status: complaintStatusSchema,
});
export type ComplaintListItem = z.infer<typeof complaintListItemSchema>;

export const complaintTabSchema = z.object({
  key: complaintStatusSchema,
  title: z.string(),
  list: z.array(complaintListItemSchema),
});
export type ComplaintTab = z.infer<typeof complaintTabSchema>;

/**
 * The borrower's newest complaints, at most `Limits.borrowerComplaintListMax` (the call takes no
 * paging parameters); `hasMore` says older ones exist beyond them.
 */
export const complaintListSchema = z.object({ tabs: z.array(complaintTabSchema), hasMore: z.boolean() });
export type ComplaintList = z.infer<typeof complaintListSchema>;

export const complaintDetailRequestSchema = z.object({ problemId: idText(ComplaintErrorCode.ComplaintNotFound) });
export type ComplaintDetailRequest = z.input<typeof complaintDetailRequestSchema>;

export const complaintDetailSchema = z.object({
  problemId: z.string(),
  folio: z.string(),
  orderNo: z.string(),
  type: z.string(),
  sonType: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  status: complaintStatusSchema,
  statusText: z.string(),
  time: z.string(),
  /** The date by which the lender must answer. */
  dueDate: z.string(),
  disposeDetail: z.string(),
  disposeImages: z.array(z.string()),
  disposeTime: z.string(),
  /** 1 while a reply waits for the borrower's score. */
  isNeedScore: z.number().int(),
  score: z.number().int().nullable(),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const complaintScoreRequestSchema = z.object({
  problemId: idText(ComplaintErrorCode.ComplaintNotFound),
  score: formText
    .optional()
    .refine(
      (value) => value !== undefined && /^\d$/.test(value) && Number(value) >= Limits.ratingMin && Number(value) <= Limits.ratingMax,
      ruleError(ComplaintErrorCode.ComplaintScoreInvalid),
    )
    .transform(Number),
});
export type ComplaintScoreRequest = z.input<typeof complaintScoreRequestSchema>;

// ---- operator API ----

/** How the operator's complaint list may be ordered: by answer deadline or by filing time, `-` for newest first. */
export const OPERATOR_COMPLAINT_SORTS = ['due', '-due', 'created', '-created'] as const;
export type OperatorComplaintSort = (typeof OPERATOR_COMPLAINT_SORTS)[number];

/**
 * The operator's complaint list, filtered and ordered on the server (docs/decisions/168): the
 * default, nearest deadline first, puts overdue complaints at the top. A cursor belongs to the order
 * it was handed out for.
 */
export const operatorComplaintListQuerySchema = pageQuerySchema.extend({
  status: complaintStatusSchema.optional(),
  /** A top-level problem type's value. */
  type: z.coerce.number().int().min(1).max(9999).optional(),
  /** Part of a folio (`RC00000042`), any case. */
  folio: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/)
    .optional(),
  sort: z.enum(OPERATOR_COMPLAINT_SORTS).default('due'),
});
export type OperatorComplaintListQuery = z.input<typeof operatorComplaintListQuerySchema>;

const instant = z.string();

export const operatorComplaintSchema = z.object({
  problemId: z.string(),
  folio: z.string(),
  borrowerId: z.string(),
  borrowerPhone: z.string(),
  orderNo: z.string(),
  /** The order's market: the complaint's times are shown in its time zone (docs/decisions/235). */
  market: z.enum(['MX', 'IN']),
  problemType: complaintOptionSchema,
  problemSonType: complaintOptionSchema.nullable(),
  content: z.string(),
  images: z.array(z.string()),
  status: complaintStatusSchema,
  createdAt: instant,
  dueAt: instant,
  reply: z.object({ text: z.string(), images: z.array(z.string()), repliedAt: instant }).nullable(),
  score: z.number().int().nullable(),
});
export type OperatorComplaint = z.infer<typeof operatorComplaintSchema>;

export const operatorComplaintListSchema = pageSchema(operatorComplaintSchema);

export const operatorComplaintParamsSchema = z.object({ problemId: idText(ComplaintErrorCode.ComplaintNotFound) });

export const operatorReplyRequestSchema = z.object({
  text: complaintText(Limits.complaintReplyTextMax, ComplaintErrorCode.ComplaintReplyInvalid, ComplaintErrorCode.ComplaintReplyInvalid),
  /** Addresses returned by the operator image upload. */
  images: imageList(OPERATOR_COMPLAINT_IMAGE_BASE, ComplaintErrorCode.ComplaintReplyInvalid),
});
export type OperatorReplyRequest = z.input<typeof operatorReplyRequestSchema>;

export const operatorComplaintTypeSchema = z.object({
  value: z.number().int(),
  parentValue: z.number().int().nullable(),
  titleEn: z.string(),
  titleEs: z.string(),
  sortOrder: z.number().int(),
  active: z.boolean(),
});
export type OperatorComplaintType = z.infer<typeof operatorComplaintTypeSchema>;

export const operatorComplaintTypeListSchema = z.object({ types: z.array(operatorComplaintTypeSchema) });

export const operatorComplaintTypeParamsSchema = z.object({ value: z.coerce.number().int().min(1).max(9999) });

const typeTitle = z.string().trim().min(1).max(100);

export const operatorComplaintTypeRequestSchema = z.object({
  parentValue: z.number().int().min(1).max(9999).nullable().default(null),
  titleEn: typeTitle,
  titleEs: typeTitle,
  sortOrder: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
export type OperatorComplaintTypeRequest = z.input<typeof operatorComplaintTypeRequestSchema>;
