import type { Language } from './language';

/** Error codes of the public site's contact form (the site shows these itself, in the visitor's language, before sending). */
export const ContactErrorCode = {
  ContactIncomplete: 6101,
  ContactEmailInvalid: 6102,
  ContactPhoneInvalid: 6103,
  ContactNameTooLong: 6104,
  ContactMessageTooLong: 6105,
} as const;
export type ContactErrorCodeValue = (typeof ContactErrorCode)[keyof typeof ContactErrorCode];

export const CONTACT_ERROR_HTTP_STATUS: Record<ContactErrorCodeValue, number> = {
  6101: 400,
  6102: 400,
  6103: 400,
  6104: 400,
  6105: 400,
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
};

/** A contact-form refusal's message, without the other areas' messages. */
export function contactErrorMessage(code: ContactErrorCodeValue, language: Language): string {
  return CONTACT_ERROR_MESSAGES[code][language];
}
