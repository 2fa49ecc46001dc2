/** The lender's tools that belong to no other module: the token check, sessions for testing, contact messages. */
export { operatorContactMessageRoutes } from './contact-message-routes';
export { operatorAuth } from './operator-auth';
export { operatorSessionRoutes } from './session-routes';
