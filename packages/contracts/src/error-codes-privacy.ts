import type { Language } from './language';

/** Error codes of the privacy centre: consents, rights (ARCO) requests and account deletion. */
export const PrivacyErrorCode = {
  PrivacyRequestKindUnknown: 6201,
  PrivacyDescriptionTooShort: 6202,
  PrivacyDescriptionTooLong: 6203,
  PrivacyTopicUnknown: 6204,
  PrivacySwitchInvalid: 6205,
  PrivacyOpenLoan: 6206,
  PrivacyRequestNotFound: 6207,
  PrivacyRequestAnswered: 6208,
  PrivacyAnswerInvalid: 6209,
  PrivacyTooManyOpenRequests: 6210,
  PrivacyCreditHeld: 6215,
  /** A kind of request of India's law filed by a borrower in Mexico (docs/decisions/231). */
  PrivacyKindNotOfMexico: 6216,
  /** A kind of request of Mexico's law filed by a borrower in India (docs/decisions/231). */
  PrivacyKindNotOfIndia: 6217,
} as const;
export type PrivacyErrorCodeValue = (typeof PrivacyErrorCode)[keyof typeof PrivacyErrorCode];

export const PRIVACY_ERROR_HTTP_STATUS: Record<PrivacyErrorCodeValue, number> = {
  6201: 400,
  6202: 400,
  6203: 400,
  6204: 400,
  6205: 400,
  6206: 409,
  6207: 404,
  6208: 409,
  6209: 400,
  6210: 429,
  6215: 409,
  6216: 400,
  6217: 400,
};

export const PRIVACY_ERROR_MESSAGES: Record<PrivacyErrorCodeValue, Record<Language, string>> = {
  6201: {
    en: 'Choose one of the kinds of request your privacy centre lists.',
    es: 'Elija uno de los tipos de solicitud que muestra su centro de privacidad.',
  },
  6202: {
    en: 'Describe your request in at least 10 characters.',
    es: 'Describa su solicitud con al menos 10 caracteres.',
  },
  6203: {
    en: 'The description can have at most 1000 characters.',
    es: 'La descripción puede tener como máximo 1000 caracteres.',
  },
  6204: {
    en: 'Choose a kind of message: marketing, payment reminders or account notices.',
    es: 'Elija un tipo de mensaje: promociones, recordatorios de pago o avisos de la cuenta.',
  },
  6205: { en: 'Send 1 to turn the messages on or 0 to turn them off.', es: 'Envíe 1 para activar los mensajes o 0 para desactivarlos.' },
  6206: {
    en: 'Your account cannot be deleted while a loan is open. Repay what you owe first; once the loan is settled you can delete your account.',
    es: 'No es posible eliminar su cuenta mientras tenga un préstamo abierto. Primero pague lo que debe; cuando el préstamo esté liquidado podrá eliminar su cuenta.',
  },
  6207: { en: 'There is no request with this folio.', es: 'No existe una solicitud con este folio.' },
  6208: { en: 'This request has already been answered.', es: 'Esta solicitud ya fue respondida.' },
  6209: {
    en: 'The answer must have between 1 and 2000 characters.',
    es: 'La respuesta debe tener entre 1 y 2000 caracteres.',
  },
  6210: {
    en: 'You have 5 requests waiting for an answer. Please wait for them before sending another.',
    es: 'Tiene 5 solicitudes en espera de respuesta. Espere a que las respondamos antes de enviar otra.',
  },
  6215: {
    en: 'Your account cannot be deleted yet: we hold money you paid beyond what you owed. We must return it to you first; once it is returned you can delete your account.',
    es: 'Todavía no es posible eliminar su cuenta: tenemos dinero que usted pagó de más. Primero debemos devolvérselo; cuando se lo hayamos devuelto podrá eliminar su cuenta.',
  },
  6216: {
    en: 'In Mexico you may ask for access, rectification, cancellation or opposition (your ARCO rights). Choose one of these.',
    es: 'En México puede solicitar acceso, rectificación, cancelación u oposición (sus derechos ARCO). Elija uno de ellos.',
  },
  6217: {
    en: 'In India you may ask for a summary of your data, correction, erasure, grievance redressal or a nomination (your rights under the DPDP Act). Choose one of these.',
    es: 'En India puede solicitar un resumen de sus datos, corrección, supresión, atención de una queja o una designación (sus derechos según la Ley DPDP). Elija uno de ellos.',
  },
};
