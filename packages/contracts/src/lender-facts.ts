import { z } from 'zod';
import { PHONE_MARKETS, type PhoneMarket } from './phone';
import { companyFactsSchema } from './site';

/**
 * The lender's facts and customer-service contacts, one set per market (docs/decisions/230): what
 * an administrator sees and sets in the back office's configuration.
 */

export const lenderMarketParamsSchema = z.object({ market: z.enum(PHONE_MARKETS) });

/** Each market's country calling code: its lender's phones are numbers of that country. */
export const MARKET_CALLING_CODE: Record<PhoneMarket, string> = { MX: '+52', IN: '+91' };

const text = (max: number) => z.string().trim().min(1).max(max);
const email = z.string().trim().max(200).pipe(z.email());
/** An international number as people write it: `+`, the country code, then digits with spaces, dots, dashes or brackets. */
const phone = z
  .string()
  .trim()
  .max(30)
  .regex(/^\+[1-9](?:[\s().-]*\d){7,14}[\s().-]*$/);

export const companyFactsInputSchema = z.object({
  name: text(200),
  email,
  address: text(500),
  cin: text(50),
  nbfcNumber: text(50),
  site: z.string().trim().max(200).pipe(z.url({ protocol: /^https?$/ })),
  phone,
  complaintsOfficer: text(200),
  complaintsEmail: email,
  complaintsPhone: phone,
  complaintsAddress: text(500),
});
export type CompanyFactsInput = z.infer<typeof companyFactsInputSchema>;

export const serviceContactsInputSchema = z.object({ whatsapp: phone, telephone: phone, email });
export type ServiceContactsInput = z.infer<typeof serviceContactsInputSchema>;

/** The phone fields of each set, checked against the market's calling code. */
export const COMPANY_PHONE_FIELDS = ['phone', 'complaintsPhone'] as const satisfies readonly (keyof CompanyFactsInput)[];
export const CONTACT_PHONE_FIELDS = ['whatsapp', 'telephone'] as const satisfies readonly (keyof ServiceContactsInput)[];

/** The first phone field that is not a number of the market's country, if any. */
export function phoneOfOtherMarket<T extends Record<string, string>>(market: PhoneMarket, values: T, fields: readonly (keyof T & string)[]): (keyof T & string) | undefined {
  const code = MARKET_CALLING_CODE[market];
  return fields.find((field) => !(values[field] ?? '').replace(/[\s().-]/g, '').startsWith(code));
}

export const lenderFactsSchema = z.object({
  market: z.enum(PHONE_MARKETS),
  /** Unset until an administrator (or the demo data) sets them. */
  company: companyFactsSchema.nullable(),
  contacts: z.object({ whatsapp: z.string(), telephone: z.string(), email: z.string() }).nullable(),
});
export type LenderFacts = z.infer<typeof lenderFactsSchema>;
export const lenderFactsListSchema = z.object({ items: z.array(lenderFactsSchema) });
