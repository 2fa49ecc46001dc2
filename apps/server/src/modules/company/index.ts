/** The lender's company facts (name, registration, addresses) that the site and the contracts show. */
export { companyFacts, requireCompanyFacts } from './company-facts-service';
