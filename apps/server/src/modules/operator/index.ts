/** The lender's tools that belong to no other module: sessions for testing, contact messages. */
export { operatorContactMessageRoutes } from './contact-message-routes';
export { operatorSessionRoutes } from './session-routes';
