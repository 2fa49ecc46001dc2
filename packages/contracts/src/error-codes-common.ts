import type { Language } from './language';

/** Error codes of general codes every caller may meet: success, invalid or too large requests, sessions, the operator token, server failures. */
export const CommonErrorCode = {
  Ok: 0,
  InvalidRequest: 1001,
  /** A state-changing borrower call from another site's page (docs/decisions/110). */
  ForeignOrigin: 1003,
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
} as const;
export type CommonErrorCodeValue = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];

export const COMMON_ERROR_HTTP_STATUS: Record<CommonErrorCodeValue, number> = {
  0: 200,
  1001: 400,
  1003: 403,
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
};

export const COMMON_ERROR_MESSAGES: Record<CommonErrorCodeValue, Record<Language, string>> = {
  0: { en: 'Success', es: 'Éxito' },
  1001: { en: 'Invalid value for "{field}".', es: 'Valor no válido en «{field}».' },
  1003: {
    en: 'This request came from another website and was refused. Please use the app.',
    es: 'Esta solicitud llegó desde otro sitio web y fue rechazada. Utilice la aplicación.',
  },
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
};
