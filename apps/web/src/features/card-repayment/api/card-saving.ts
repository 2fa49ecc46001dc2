/**
 * The add-card screen's calls, which validate their answers (zod): loaded when the borrower
 * starts filling in the form rather than before the screen first shows.
 */
export { bindCard } from './bind-card';
export { getCardForm } from './get-card-form';
export { tokenizeWithProvider } from './tokenize-card';
export { confirmCardSetup, loadStripeJs } from './stripe-js';
