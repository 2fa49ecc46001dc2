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
  NoOffer: 6001,
  AmountOutOfRange: 6002,
  TermOutOfRange: 6003,
  OfferChanged: 6004,
  AgreementRequired: 6005,
  OrderInProgress: 6006,
  ScoreRequired: 6007,
  AlreadyScored: 6008,
  ScoreNotOpen: 6009,
  OrderStatusConflict: 6010,
  NothingToRepay: 6011,
  ExtensionNotAvailable: 6012,
  AmountMismatch: 6013,
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
  6001: 404,
  6002: 422,
  6003: 422,
  6004: 409,
  6005: 422,
  6006: 409,
  6007: 422,
  6008: 409,
  6009: 409,
  6010: 409,
  6011: 409,
  6012: 409,
  6013: 422,
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
  6001: {
    en: 'There is no loan offer for you on this product.',
    es: 'No tiene una oferta de préstamo para este producto.',
  },
  6002: {
    en: 'The amount is outside the range this product allows.',
    es: 'El monto está fuera del rango que permite este producto.',
  },
  6003: {
    en: 'The term is outside the range this product allows.',
    es: 'El plazo está fuera del rango que permite este producto.',
  },
  6004: {
    en: 'Your offer has changed. Please review the new terms and confirm again.',
    es: 'Su oferta cambió. Revise las nuevas condiciones y confirme de nuevo.',
  },
  6005: {
    en: 'Please accept the loan agreement to continue.',
    es: 'Acepte el contrato de préstamo para continuar.',
  },
  6006: {
    en: 'You already have a loan in progress with this product.',
    es: 'Ya tiene un préstamo en curso con este producto.',
  },
  6007: { en: 'Please select a rating.', es: 'Seleccione una calificación' },
  6008: {
    en: 'You have already rated this loan. Thank you!',
    es: 'Ya calificó este préstamo. ¡Gracias!',
  },
  6009: {
    en: 'This loan cannot be rated yet.',
    es: 'Este préstamo aún no se puede calificar.',
  },
  6010: {
    en: 'The order is not in a status that allows this.',
    es: 'El pedido no está en un estado que permita esto.',
  },
  6011: { en: 'This loan has nothing to repay.', es: 'Este préstamo no tiene nada por pagar.' },
  6012: {
    en: 'An extension is not available for this loan.',
    es: 'La prórroga no está disponible para este préstamo.',
  },
  6013: {
    en: 'The amount does not match what is owed.',
    es: 'El monto no corresponde a lo adeudado.',
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
