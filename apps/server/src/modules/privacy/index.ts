/** The privacy centre: the borrower's data, ARCO requests, and deleting an account. */
export { arcoAnswerDue, arcoRequestBorrower, arcoRequestsOfBorrower } from './arco-service';
export { privacyOperatorRoutes } from './privacy-operator-routes';
export { privacyRoutes } from './privacy-routes';
