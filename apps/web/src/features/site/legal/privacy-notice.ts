import type { LegalText } from './legal-document';
import { indiaPrivacyNotice } from './privacy-notice-in';
import { mexicoPrivacyNotice } from './privacy-notice-mx';

/**
 * The privacy notice of the market the page is for (docs/decisions/231), in the page's language:
 * Mexico's under its federal law of 20 March 2025, India's under the DPDP Act 2023 and Rules 2025.
 */
export const privacyNotice: LegalText = {
  en: (context) => (context.market === 'IN' ? indiaPrivacyNotice : mexicoPrivacyNotice).en(context),
  es: (context) => (context.market === 'IN' ? indiaPrivacyNotice : mexicoPrivacyNotice).es(context),
};
