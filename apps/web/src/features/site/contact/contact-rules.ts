/**
 * The contact form's rules are the shared zod schema's, loaded only when a visitor starts filling
 * the form so the site's first load carries no validation library.
 */
export const loadContactRules = () => import('@lend/contracts/site');
