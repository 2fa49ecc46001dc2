import { z } from 'zod';
import { CERTIFICATION_STEPS, CONSENT_KINDS, ID_IMAGE_KINDS, ProfileLimits, type CertificationStep } from './profile-values';

export * from './profile-values';

const text = (max: number) => z.string().max(max);
/** Amounts arrive as JSON numbers or form strings; the service refuses what is not a whole number within limits. */
const minorAmount = z
  .union([z.number(), z.string().trim().max(20)])
  .transform((value) => (typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value)));

export const identityRequestSchema = z.object({
  givenNames: text(200),
  /** Required in Mexico; in India many people have no surname, so it may be empty there. */
  firstSurname: text(200).optional(),
  secondSurname: text(200).optional(),
  /** `YYYY-MM-DD`. */
  birthDate: text(20),
  /** CURP in Mexico, PAN in India. */
  nationalId: text(40),
  /** India: at most the last 4 digits of the Aadhaar number, never the whole number. */
  aadhaarLast4: text(40).optional(),
});
export type IdentityRequest = z.input<typeof identityRequestSchema>;

export const addressRequestSchema = z.object({
  line1: text(400),
  line2: text(400).optional(),
  city: text(400),
  state: text(400),
  postalCode: text(20),
});
export type AddressRequest = z.input<typeof addressRequestSchema>;

export const employmentRequestSchema = z.object({
  employment: text(40),
  employerName: text(200).optional(),
  monthlyIncomeMinor: minorAmount,
  /** What the borrower pays each month on other debts; 0 when none. */
  monthlyDebtPaymentsMinor: minorAmount.optional(),
});
export type EmploymentRequest = z.input<typeof employmentRequestSchema>;

export const imageKindParamsSchema = z.object({ kind: z.enum(ID_IMAGE_KINDS) });

export const consentsRequestSchema = z.object({
  items: z.array(z.object({ kind: text(40), version: text(40) })).min(1).max(CONSENT_KINDS.length),
});
export type ConsentsRequest = z.input<typeof consentsRequestSchema>;

export const consentWithdrawRequestSchema = z.object({ kind: text(40) });

/** Mexico: `clabe`; India: `ifsc` and `accountNumber`. The holder's name in both. */
export const payoutBindRequestSchema = z.object({
  holderName: text(200),
  clabe: text(40).optional(),
  ifsc: text(40).optional(),
  accountNumber: text(40).optional(),
});
export type PayoutBindRequest = z.input<typeof payoutBindRequestSchema>;

export const deviceInfoRequestSchema = z.object({
  appVersion: text(ProfileLimits.deviceFieldMax).min(1),
  os: z.enum(['android', 'ios']),
  osVersion: text(ProfileLimits.deviceFieldMax).min(1),
  deviceModel: text(ProfileLimits.deviceFieldMax).min(1),
  deviceId: text(ProfileLimits.deviceFieldMax).min(1),
});
export type DeviceInfoRequest = z.input<typeof deviceInfoRequestSchema>;

export const certificationInfoSchema = z.object({
  market: z.enum(['MX', 'IN']),
  steps: z.object(Object.fromEntries(CERTIFICATION_STEPS.map((step) => [step, z.boolean()])) as Record<CertificationStep, z.ZodBoolean>),
  /** Steps still to do, in the order the app shows them. */
  missing: z.array(z.enum(CERTIFICATION_STEPS)),
  complete: z.boolean(),
  /** The consent texts to show and accept now, with their versions. */
  consentVersions: z.array(z.object({ kind: z.enum(CONSENT_KINDS), version: z.string(), required: z.boolean() })),
});
export type CertificationInfo = z.infer<typeof certificationInfoSchema>;

export const payoutAccountViewSchema = z.object({
  kind: z.enum(['clabe', 'bank-account']),
  bankName: z.string(),
  /** The account with all but its last 4 digits hidden. */
  masked: z.string(),
  holderName: z.string(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>;

export const consentViewSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  title: z.string(),
  given: z.boolean(),
  givenAt: z.string().nullable(),
  version: z.string().nullable(),
  /** Whether the borrower may withdraw it now (docs/decisions/136). */
  withdrawable: z.boolean(),
});
export type ConsentView = z.infer<typeof consentViewSchema>;

export const consentsResponseSchema = z.object({ items: z.array(consentViewSchema) });

export const userMenuSchema = z.object({
  profile: z.object({
    name: z.string(),
    market: z.enum(['MX', 'IN']),
    nationalId: z.object({ kind: z.enum(['curp', 'pan']), masked: z.string() }).nullable(),
    certificationComplete: z.boolean(),
  }),
  payoutAccount: payoutAccountViewSchema.nullable(),
  consents: z.array(consentViewSchema),
  links: z.array(z.object({ key: z.enum(['privacy-centre', 'privacy-notice', 'complaints', 'customer-service']), title: z.string(), path: z.string() })),
});
export type UserMenu = z.infer<typeof userMenuSchema>;

export const deviceRecordedSchema = z.object({ recorded: z.literal(true) });

/** A credit officer's reads of an applicant's profile (docs/decisions/174). */
export const OperatorProfilePath = {
  profile: '/profiles/:borrowerId',
  /** The identity photo of one kind, streamed as stored. */
  image: '/profiles/:borrowerId/images/:kind',
} as const;

export const operatorProfileParamsSchema = z.object({ borrowerId: z.coerce.number().int().positive().max(2_147_483_647) });
export const operatorProfileImageParamsSchema = operatorProfileParamsSchema.extend({ kind: z.enum(ID_IMAGE_KINDS) });

/** What an officer reads of a profile: the national id and the payout account masked to their last four. */
export const operatorProfileSchema = z.object({
  borrowerId: z.number().int(),
  market: z.string(),
  name: z.string().nullable(),
  birthDate: z.string().nullable(),
  nationalIdKind: z.string().nullable(),
  nationalIdLast4: z.string().nullable(),
  address: z.object({ city: z.string(), state: z.string(), postalCode: z.string() }).nullable(),
  employment: z.string().nullable(),
  employerName: z.string().nullable(),
  monthlyIncomeMinor: z.number().int().nullable(),
  monthlyDebtPaymentsMinor: z.number().int().nullable(),
  images: z.array(z.object({ kind: z.enum(ID_IMAGE_KINDS), uploadedAt: z.string() })),
  payoutAccount: z.object({ kind: z.string(), bankName: z.string().nullable(), holderName: z.string(), accountLast4: z.string() }).nullable(),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

/** The consent texts to show now, each with the version an acceptance must name (docs/decisions/241). */
export const consentTextsSchema = z.object({
  items: z.array(z.object({ kind: z.enum(CONSENT_KINDS), version: z.string(), required: z.boolean(), title: z.string(), body: z.string() })),
});
export type ConsentTexts = z.infer<typeof consentTextsSchema>;

