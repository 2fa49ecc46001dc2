import { flagFromLanguage, SITE_API_BASE, SitePath, type Language } from '@lend/contracts';
import type { ContactMessageReceipt, ContactMessageRequest } from '@lend/contracts/site';
import { callEnvelope } from '../../../../lib/http/machine';

/** `POST /api/site/contact-messages`: stores the message; refusals come in the visitor's language. */
export function sendContactMessage(message: ContactMessageRequest, language: Language, loadingText: string): Promise<ContactMessageReceipt> {
  const url = `${SITE_API_BASE}${SitePath.contactMessages}?language=${flagFromLanguage(language)}`;
  return callEnvelope<ContactMessageReceipt>(url, message, { encoding: 'json', loadingText });
}
