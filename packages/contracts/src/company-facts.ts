/** The lender's public facts (name, e-mail, address, CIN, NBFC number, site, phone), as the site API answers them (docs/decisions/041). */
export type CompanyFacts = {
  name: string;
  email: string;
  address: string;
  cin: string;
  nbfcNumber: string;
  site: string;
  phone: string;
};

export const COMPANY_FACT_KEYS = ['name', 'email', 'address', 'cin', 'nbfcNumber', 'site', 'phone'] as const satisfies readonly (keyof CompanyFacts)[];

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
