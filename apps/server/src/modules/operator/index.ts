/** The lender's tools that belong to no other module: sessions for testing, contact messages, the borrower search and page. */
export { operatorBorrowerRoutes } from './borrower-routes';
export { searchBorrowers } from './borrower-service';
export { operatorContactMessageRoutes } from './contact-message-routes';
export { operatorSessionRoutes } from './session-routes';
