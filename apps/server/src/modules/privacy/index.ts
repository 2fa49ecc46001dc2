/** The privacy centre: the borrower's data, rights requests by market (ARCO, DPDP Act), and deleting an account. */
export { arcoRequestBorrower, arcoRequestsForOperators, arcoRequestsOfBorrower } from './arco-service';
export { privacyAnswerDue } from './privacy-rules';
export { privacyOperatorRoutes } from './privacy-operator-routes';
export { privacyRoutes } from './privacy-routes';
