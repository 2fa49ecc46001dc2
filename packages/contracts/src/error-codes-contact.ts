import type { Language } from './language';

/** Error codes of the public site's contact form (the site shows these itself, in the visitor's language, before sending). */
export const ContactErrorCode = {
  ContactIncomplete: 6101,
  ContactEmailInvalid: 6102,
  ContactPhoneInvalid: 6103,
  ContactNameTooLong: 6104,
  ContactMessageTooLong: 6105,
  /** The address sent its hour's messages already; what the form posted without script reads (docs/decisions/151). */
  ContactTooManyMessages: 6106,
  /** A message posted without script that could not be stored for another reason. */
  ContactNotSent: 6107,
} as const;
export type ContactErrorCodeValue = (typeof ContactErrorCode)[keyof typeof ContactErrorCode];

export const CONTACT_ERROR_HTTP_STATUS: Record<ContactErrorCodeValue, number> = {
  6101: 400,
  6102: 400,
  6103: 400,
  6104: 400,
  6105: 400,
  6106: 429,
  6107: 503,
};

export const CONTACT_ERROR_MESSAGES: Record<ContactErrorCodeValue, Record<Language, string>> = {
  6101: { en: 'Please provide complete information!', es: '¡Por favor, proporcione la información completa!' },
  6102: { en: 'Please enter a valid e-mail address.', es: 'Ingrese un correo electrónico válido.' },
  6103: {
    en: 'Please enter a valid phone number (8 to 15 digits).',
    es: 'Ingrese un número de teléfono válido (de 8 a 15 dígitos).',
  },
  6104: { en: 'The name can have at most 100 characters.', es: 'El nombre puede tener como máximo 100 caracteres.' },
  6105: {
    en: 'The message can have at most 1000 characters.',
    es: 'El mensaje puede tener como máximo 1000 caracteres.',
  },
  6106: {
    en: 'You have sent several messages in the last hour. Please try again later.',
    es: 'Ya envió varios mensajes en la última hora. Inténtelo más tarde.',
  },
  6107: { en: 'Your message could not be sent. Please try again later.', es: 'No pudimos enviar su mensaje. Inténtelo más tarde.' },
};

/** A contact-form refusal's message, without the other areas' messages. */
export function contactErrorMessage(code: ContactErrorCodeValue, language: Language): string {
  return CONTACT_ERROR_MESSAGES[code][language];
}

/**
 * The query flag of the contact page after a form posted without script (docs/decisions/151):
 * `sent`, or the refusal's code. Never a field of the form.
 */
export const CONTACT_RESULT_PARAM = 'contact';
export const CONTACT_SENT = 'sent';

const CONTACT_SENT_MESSAGES: Record<Language, string> = {
  en: 'Thank you. We received your message and will answer soon.',
  es: 'Gracias. Recibimos su mensaje y le responderemos pronto.',
};

/** The contact form's two result lines: that the message was sent, or why it was not. */
export type ContactResult = { sent: string; refused: string };

/** What the contact page says for its result flag, the same on the prerendered page and after its script; empty lines for none. */
export function contactResultMessages(flag: string | null | undefined, language: Language): ContactResult {
  if (flag === CONTACT_SENT) return { sent: CONTACT_SENT_MESSAGES[language], refused: '' };
  const code = Object.values(ContactErrorCode).find((value) => String(value) === flag);
  return { sent: '', refused: code === undefined ? '' : contactErrorMessage(code, language) };
}
