/**
 * The lender's public facts in one market (docs/decisions/041, 230): the entity that lends there
 * (name, e-mail, address, its registrations: CIN and RBI's NBFC number in India, RFC and its
 * registration with CONDUSEF in Mexico, in the same two fields), its site and phone, and the officer who
 * answers complaints (India's grievance redressal officer, Mexico's specialised unit for users).
 */
export type CompanyFacts = {
  name: string;
  email: string;
  address: string;
  cin: string;
  nbfcNumber: string;
  site: string;
  phone: string;
  complaintsOfficer: string;
  complaintsEmail: string;
  complaintsPhone: string;
  complaintsAddress: string;
};

export const COMPANY_FACT_KEYS = [
  'name',
  'email',
  'address',
  'cin',
  'nbfcNumber',
  'site',
  'phone',
  'complaintsOfficer',
  'complaintsEmail',
  'complaintsPhone',
  'complaintsAddress',
] as const satisfies readonly (keyof CompanyFacts)[];

/** The facts plus the values pages derive from them (link targets), computed in one place. */
export type CompanyFactsView = CompanyFacts & { phoneHref: string; emailHref: string };

export const COMPANY_FACTS_VIEW_KEYS = [...COMPANY_FACT_KEYS, 'phoneHref', 'emailHref'] as const satisfies readonly (keyof CompanyFactsView)[];

export function companyFactsView(facts: CompanyFacts): CompanyFactsView {
  return {
    ...facts,
    phoneHref: `tel:${facts.phone.replace(/[^\d+]/g, '')}`,
    emailHref: `mailto:${facts.email}`,
  };
}
