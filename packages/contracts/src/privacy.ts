import { z } from 'zod';
import { normaliseComplaintText as normalisePrivacyText } from './complaint';
import { codePointLength } from './complaint-constants';
import { PrivacyErrorCode } from './error-codes-privacy';
import { StaffRuleErrorCode } from './error-codes-staff-rules';
import { ruleError } from './rule-error';
import { MESSAGE_TOPICS, type MessageTopic } from './message-preferences';
import { PHONE_MARKETS } from './phone';
import { pageQuerySchema, pageSchema } from './paging';
import { addressRequestSchema, identityRequestSchema } from './profile';
import { ARCO_FOLIO_PATTERN, ARCO_STATUSES, PRIVACY_REQUEST_KINDS, PrivacyLimits, type PrivacyRequestKind } from './privacy-values';

export * from './privacy-values';

/** Form bodies carry text; JSON bodies may carry numbers or booleans. */
const formValue = z.union([z.string(), z.number(), z.boolean()]).optional();

const isKind = (value: string): value is PrivacyRequestKind => (PRIVACY_REQUEST_KINDS as readonly string[]).includes(value);
const isTopic = (value: string): value is MessageTopic => (MESSAGE_TOPICS as readonly string[]).includes(value);

/** `POST arco-request`: one rights request; the service refuses a kind that is not of the borrower's market. */
export const arcoRequestBodySchema = z.object({
  kind: formValue
    .transform((value) => String(value ?? '').trim())
    .refine(isKind, ruleError(PrivacyErrorCode.PrivacyRequestKindUnknown))
    .transform((value) => value as PrivacyRequestKind),
  description: formValue
    .transform((value) => normalisePrivacyText(String(value ?? '')))
    .refine((text) => codePointLength(text) >= PrivacyLimits.arcoDescriptionMin, ruleError(PrivacyErrorCode.PrivacyDescriptionTooShort))
    .refine((text) => codePointLength(text) <= PrivacyLimits.arcoDescriptionMax, ruleError(PrivacyErrorCode.PrivacyDescriptionTooLong)),
});
export type ArcoRequestBody = z.input<typeof arcoRequestBodySchema>;

/** `POST message-preference`: one switch, `enabled` as 1/0 (form) or true/false (JSON). */
export const messagePreferenceBodySchema = z.object({
  topic: formValue
    .transform((value) => String(value ?? '').trim())
    .refine(isTopic, ruleError(PrivacyErrorCode.PrivacyTopicUnknown))
    .transform((value) => value as MessageTopic),
  enabled: formValue
    .transform((value) => String(value ?? '').trim())
    .refine((value) => ['1', '0', 'true', 'false'].includes(value), ruleError(PrivacyErrorCode.PrivacySwitchInvalid))
    .transform((value) => value === '1' || value === 'true'),
});
export type MessagePreferenceBody = z.input<typeof messagePreferenceBodySchema>;

/** A call with nothing to send: a form or JSON body with no fields, or no body at all (the native app's). */
export const emptyBodySchema = z.object({}).passthrough().nullish();

export const arcoRequestSchema = z.object({
  folio: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** As the borrower wrote it; empty once the account was deleted. */
  description: z.string(),
  status: z.enum(ARCO_STATUSES),
  /** When we received it (ISO time). */
  receivedAt: z.string(),
  /** The day by which the lender answers (the borrower's market's date, YYYY-MM-DD). */
  answerDue: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ArcoRequest = z.infer<typeof arcoRequestSchema>;

export const messageSwitchesSchema = z.object({ marketing: z.boolean(), paymentReminders: z.boolean(), accountNotices: z.boolean() });

export const privacyOverviewSchema = z.object({
  /** The borrower's market: the kinds of request it offers, its notice, and the time zone of the requests' dates. */
  market: z.enum(PHONE_MARKETS),
  preferences: messageSwitchesSchema,
  requests: z.array(arcoRequestSchema),
  /** True while an order is not settled or rejected: the account cannot be deleted yet. */
  openLoan: z.boolean(),
  /** True while an order holds money paid beyond what was owed: the account cannot be deleted until it is returned. */
  creditHeld: z.boolean(),
});
export type PrivacyOverview = z.infer<typeof privacyOverviewSchema>;

const record = z.record(z.string(), z.unknown());

/** The borrower's data download: each section as its owning module reads it. */
export const borrowerDataSchema = z.object({
  generatedAt: z.string(),
  profile: record,
  sessions: z.array(record),
  orders: z.array(record),
  contracts: z.array(record),
  complaints: z.array(record),
  messagePreferences: z.object({ current: messageSwitchesSchema, changes: z.array(record) }),
  arcoRequests: z.array(arcoRequestSchema),
  smsMessages: z.array(record),
  /** How many older rows each bounded list left out (`PrivacyLimits.downloadListMax` newest are kept). */
  olderRowsLeftOut: z.object({ sessions: z.number().int(), messagePreferenceChanges: z.number().int(), smsMessages: z.number().int() }),
  // ---- borrower profile and certification (docs/decisions/135) ----
  /** Identity, address, income, identity photos (described, not embedded), consents with their history, payout accounts, devices. */
  certification: z.object({
    profile: record.nullable(),
    idImages: z.array(record),
    consents: z.array(record),
    payoutAccounts: z.array(record),
    devices: z.array(record),
  }),
  // ---- credit decisions (docs/decisions/141, 142) ----
  /** Every decision about the borrower's applications, with the inputs it read and an officer's review. */
  creditDecisions: z.array(record),
  // ---- collections (docs/decisions/243) ----
  /** Every contact made to collect their late loans (channel, outcome, note, agent, time) and every promise to pay. */
  collections: z.object({ contacts: z.array(record), promises: z.array(record), planRequests: z.array(record), paymentPlans: z.array(record) }),
});
export type BorrowerData = z.infer<typeof borrowerDataSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true), sessionsEnded: z.number().int() });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

// ---- operator ----

export const operatorArcoListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ARCO_STATUSES).optional(),
  /** One request by its folio: its page in the back office. */
  folio: z.string().trim().toUpperCase().regex(ARCO_FOLIO_PATTERN).optional(),
});

/** `borrowerName`: the borrower's legal name as the list answers it (empty before they gave one), null in an answer's reply. */
export const operatorArcoRequestSchema = arcoRequestSchema.extend({ userId: z.string(), borrowerName: z.string().nullable() });
export type OperatorArcoRequest = z.infer<typeof operatorArcoRequestSchema>;
export const operatorArcoListSchema = pageSchema(operatorArcoRequestSchema);

export const operatorArcoParamsSchema = z.object({ folio: z.string().max(20) });

export const operatorArcoAnswerBodySchema = z.object({
  text: z
    .string()
    .optional()
    .transform((value) => normalisePrivacyText(value ?? ''))
    .refine((text) => text.length > 0 && codePointLength(text) <= PrivacyLimits.arcoAnswerMax, ruleError(PrivacyErrorCode.PrivacyAnswerInvalid)),
});

/** The answer's text, as the plain answer route takes it. */
const arcoAnswerText = operatorArcoAnswerBodySchema.shape.text;

/**
 * A rectification (docs/decisions/185): the corrected identity and/or address, read by the same
 * schemas as the borrower's own profile calls and checked by the same rules, and the answer the
 * borrower reads. Staff never see the whole national id: without `nationalId` the stored one (and
 * India's Aadhaar digits) is kept and checked against the corrected name and birth date.
 */
export const rectificationBodySchema = z
  .object({
    identity: identityRequestSchema.partial({ nationalId: true }).optional(),
    address: addressRequestSchema.optional(),
    answer: arcoAnswerText,
  })
  .refine((body) => body.identity !== undefined || body.address !== undefined, ruleError(StaffRuleErrorCode.RectificationNothingGiven));
export type RectificationBody = z.input<typeof rectificationBodySchema>;

/** What a rectification may correct, as staff read it: the national id by its kind and last four only. */
export const rectifiableProfileSchema = z.object({
  folio: z.string(),
  userId: z.string(),
  market: z.enum(PHONE_MARKETS),
  identity: z
    .object({
      givenNames: z.string(),
      firstSurname: z.string(),
      secondSurname: z.string(),
      birthDate: z.string(),
      nationalIdKind: z.enum(['curp', 'pan']).nullable(),
      nationalIdLast4: z.string().nullable(),
    })
    .nullable(),
  address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }).nullable(),
});
export type RectifiableProfile = z.infer<typeof rectifiableProfileSchema>;

export const rectificationResultSchema = z.object({ request: operatorArcoRequestSchema, profile: rectifiableProfileSchema });
export type RectificationResult = z.infer<typeof rectificationResultSchema>;
