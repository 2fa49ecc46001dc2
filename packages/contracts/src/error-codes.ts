import type { Language } from './language';

/**
 * Stable error codes of the borrower envelope. 0 is success (spec §8); every other code
 * carries a message in the borrower's language, taken from `ERROR_MESSAGES`.
 */
export const ErrorCode = {
  Ok: 0,
  InvalidRequest: 1001,
  NotFound: 1004,
  PayloadTooLarge: 1013,
  UnsupportedMediaType: 1015,
  TooManyRequests: 1029,
  SessionRequired: 2001,
  SessionUnknown: 2002,
  SessionExpired: 2003,
  SessionUserMismatch: 2004,
  OperatorUnauthorized: 3001,
  Internal: 5000,
  ServiceUnavailable: 5003,
  ContactIncomplete: 6101,
  ContactEmailInvalid: 6102,
  ContactPhoneInvalid: 6103,
  ContactNameTooLong: 6104,
  ContactMessageTooLong: 6105,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status sent with each code; the envelope body is the same whatever the status. */
export const ERROR_HTTP_STATUS: Record<ErrorCodeValue, number> = {
  0: 200,
  1001: 400,
  1004: 404,
  1013: 413,
  1015: 415,
  1029: 429,
  2001: 401,
  2002: 401,
  2003: 401,
  2004: 401,
  3001: 401,
  5000: 500,
  5003: 503,
  6101: 400,
  6102: 400,
  6103: 400,
  6104: 400,
  6105: 400,
};

type Messages = Record<Language, string>;

/** `{field}` is replaced by the offending field's name. */
export const ERROR_MESSAGES: Record<ErrorCodeValue, Messages> = {
  0: { en: 'Success', es: 'Éxito' },
  1001: { en: 'Invalid value for "{field}".', es: 'Valor no válido en «{field}».' },
  1004: { en: 'Not found.', es: 'No encontrado.' },
  1013: { en: 'The request is too large.', es: 'La solicitud es demasiado grande.' },
  1015: { en: 'Unsupported content type.', es: 'Tipo de contenido no admitido.' },
  1029: {
    en: 'Too many requests. Please try again later.',
    es: 'Demasiadas solicitudes. Inténtelo más tarde.',
  },
  2001: {
    en: 'Please sign in to continue.',
    es: 'Inicie sesión para continuar.',
  },
  2002: {
    en: 'Your session is not valid. Please sign in again.',
    es: 'Su sesión no es válida. Inicie sesión de nuevo.',
  },
  2003: {
    en: 'Your session has expired. Please sign in again.',
    es: 'Su sesión ha caducado. Inicie sesión de nuevo.',
  },
  2004: {
    en: 'Your session does not belong to this account. Please sign in again.',
    es: 'Su sesión no corresponde a esta cuenta. Inicie sesión de nuevo.',
  },
  3001: { en: 'Operator token missing or wrong.', es: 'Token de operador ausente o incorrecto.' },
  5000: {
    en: 'Something went wrong. Please try again.',
    es: 'Algo salió mal. Inténtelo de nuevo.',
  },
  5003: {
    en: 'The service is temporarily unavailable. Please try again later.',
    es: 'El servicio no está disponible por el momento. Inténtelo más tarde.',
  },
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

export function errorMessage(code: ErrorCodeValue, language: Language, field?: string): string {
  const template = ERROR_MESSAGES[code][language];
  return field === undefined ? template : template.replace('{field}', field);
}

export function isSessionError(code: number): boolean {
  return (
    code === ErrorCode.SessionRequired ||
    code === ErrorCode.SessionUnknown ||
    code === ErrorCode.SessionExpired ||
    code === ErrorCode.SessionUserMismatch
  );
}
