/**
 * The lender in each market (docs/decisions/230): its public facts (the entity, registrations,
 * addresses, complaints officer) that the site and the contracts show, and the customer-service
 * contacts the borrower's app shows.
 */
export { companyFacts, requireCompanyFacts } from './company-facts-service';
export { serviceContactsRoutes } from './service-contacts-routes';
export { lenderFactsRoutes } from './lender-facts-routes';
export { changeCompanyFacts, changeServiceContacts, lenderFacts, seedLenderFacts } from './lender-facts-config';
