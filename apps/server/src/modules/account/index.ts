/** Sign-in by SMS code, the borrower's sessions and orders on their account screen. */
export type { AccountDeps } from './account-deps';
export { eraseSignInCodesOf } from './account-privacy';
export { accountRoutes, loginRoutes } from './account-routes';
