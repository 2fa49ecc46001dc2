/** The public site's calls: company facts filled at request time and contact messages. */
export { cachedCompanyFacts } from './company-facts-cache';
export { answerContactMessage, recentContactMessages } from './contact-service';
export { siteRoutes } from './site-routes';
