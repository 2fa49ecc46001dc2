import { z } from 'zod';

const minor = z.number().int();

/** A named charge of the loan (Part 1 of the Key Facts Statement): what it is, how much, and when it is paid. */
export const keyFactsChargeSchema = z.object({
  id: z.enum(['processingFee', 'interestDiscount', 'gst']),
  name: z.string(),
  /** Minor units; a discount is negative. */
  amount: minor,
  /** When it is paid, in words ("deducted from the loan amount", "with the repayments"). */
  payable: z.string(),
});
export type KeyFactsCharge = z.infer<typeof keyFactsChargeSchema>;

/** One instalment of the Annex: its date ('' until the loan is paid out: then `dueDay` counts from the payout). */
export const keyFactsInstalmentSchema = z.object({
  seq: z.number().int(),
  dueDate: z.string(),
  dueDay: z.number().int(),
  principal: minor,
  interest: minor,
  tax: minor,
  amount: minor,
});
export type KeyFactsInstalment = z.infer<typeof keyFactsInstalmentSchema>;

/** A heading and its text, in the language the statement is written in (Part 2 of the statement). */
export const keyFactsItemSchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type KeyFactsItem = z.infer<typeof keyFactsItemSchema>;

/** The regulated entity that lends, as the statement names it. */
export const keyFactsLenderSchema = z.object({
  name: z.string(),
  address: z.string(),
  cin: z.string(),
  nbfcNumber: z.string(),
  site: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** Who handles complaints and how to reach them (RBI's grievance redressal officer). */
export const keyFactsGrievanceSchema = z.object({ officer: z.string(), email: z.string(), phone: z.string(), address: z.string() });

/**
 * The Key Facts Statement of an Indian loan (docs/decisions/143): Part 1 (the interest and the
 * charges), Part 2 (other qualitative information) and the Annex (the repayment schedule).
 * Written by the server from the loan engine's figures, in one language; a signed one is stored
 * with the contract and its text hash is part of the signature evidence. Amounts in minor units.
 */
export const keyFactsBodySchema = z.object({
  orderNo: z.string(),
  language: z.enum(['en', 'es']),
  /** Date the statement was issued (YYYY-MM-DD, India's time). */
  issuedOn: z.string(),
  lender: keyFactsLenderSchema,
  borrowerName: z.string(),
  productName: z.string(),
  loanAmount: minor,
  termDays: z.number().int(),
  periods: z.number().int(),
  periodDays: z.number().int(),
  /** Ordinary interest: the rate in words ("0.1% a day (36% a year)") and the total for the term. */
  interestRate: z.string(),
  interest: minor,
  charges: z.array(keyFactsChargeSchema),
  /** Principal less every charge deducted at payout. */
  netDisbursed: minor,
  totalRepayable: minor,
  /** The Annual Percentage Rate as shown ("47.6%"). */
  apr: z.string(),
  lateCharges: z.string(),
  coolingOffDays: z.number().int(),
  grievance: keyFactsGrievanceSchema,
  /** Part 2: qualitative information (cooling-off, recovery agents, grievance redressal, …). */
  items: z.array(keyFactsItemSchema),
  schedule: z.array(keyFactsInstalmentSchema),
});
export type KeyFactsBody = z.infer<typeof keyFactsBodySchema>;

/** The `key-facts` answer: a signed statement (with the hash of its text) or the draft for the current offer. */
export const keyFactsSchema = keyFactsBodySchema.extend({
  state: z.enum(['signed', 'draft']),
  market: z.literal('IN'),
  /** SHA-256 of the stored statement's text; empty on a draft. */
  textHash: z.string(),
  /** The printable copy (an HTML page the browser can save or print), with the session query still to add. */
  documentPath: z.string(),
});
export type KeyFacts = z.infer<typeof keyFactsSchema>;
