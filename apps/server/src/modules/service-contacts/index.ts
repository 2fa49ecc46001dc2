/** The lender's contacts the borrower's app shows (WhatsApp, telephone, email). */
export { setServiceContacts } from './service-contacts-service';
export { serviceContactsRoutes } from './service-contacts-routes';
