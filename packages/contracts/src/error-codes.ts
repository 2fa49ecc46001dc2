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
  ComplaintTextEmpty: 6001,
  ComplaintTextTooLong: 6002,
  ComplaintTooManyImages: 6003,
  ComplaintImageNotImage: 6004,
  ComplaintImageTooLarge: 6005,
  ComplaintTypeUnknown: 6006,
  ComplaintSonTypeUnknown: 6007,
  ComplaintCollectionNotAllowed: 6008,
  ComplaintImageUnknown: 6009,
  ComplaintImageMissing: 6010,
  ComplaintOrderNotFound: 6011,
  ComplaintNotFound: 6012,
  ComplaintAlreadyReplied: 6013,
  ComplaintNotReplied: 6014,
  ComplaintAlreadyScored: 6015,
  ComplaintScoreInvalid: 6016,
  ComplaintReplyInvalid: 6017,
  NoOffer: 7001,
  AmountOutOfRange: 7002,
  TermOutOfRange: 7003,
  OfferChanged: 7004,
  AgreementRequired: 7005,
  OrderInProgress: 7006,
  ScoreRequired: 7007,
  AlreadyScored: 7008,
  ScoreNotOpen: 7009,
  OrderStatusConflict: 7010,
  NothingToRepay: 7011,
  ExtensionNotAvailable: 7012,
  AmountMismatch: 7013,
  TooManyPaymentReferences: 7014,
  PaymentReferenceUnavailable: 7015,
  AmountOutsideChannelLimits: 7016,
  MissingPaymentReferenceInvalid: 7201,
  MissingPaymentDateInvalid: 7202,
  /** Card repayment (spec §8 names 800005 and 800006; the rest are ours, docs/decisions/080). */
  CardNotFound: 800001,
  CardRepayTokenInvalid: 800002,
  CardRepayTokenAmountChanged: 800003,
  CardAmountInvalid: 800004,
  CardRepaymentSubmitted: 800005,
  CardCodeWrong: 800006,
  CardCodeExpired: 800007,
  CardCodeLocked: 800008,
  CardCodeResendTooSoon: 800009,
  CardDeclined: 800010,
  CardInsufficientFunds: 800011,
  CardChargePending: 800012,
  CardRepaymentNotFound: 800013,
  CardTokenRejected: 800014,
  CardProviderUnavailable: 800015,
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
  6001: 400,
  6002: 400,
  6003: 400,
  6004: 415,
  6005: 413,
  6006: 400,
  6007: 400,
  6008: 400,
  6009: 400,
  6010: 400,
  6011: 404,
  6012: 404,
  6013: 409,
  6014: 409,
  6015: 409,
  6016: 400,
  6017: 400,
  7001: 404,
  7002: 422,
  7003: 422,
  7004: 409,
  7005: 422,
  7006: 409,
  7007: 422,
  7008: 409,
  7009: 409,
  7010: 409,
  7011: 409,
  7012: 409,
  7013: 422,
  7014: 409,
  7015: 503,
  7016: 422,
  7201: 400,
  7202: 400,
  800001: 404,
  800002: 409,
  800003: 409,
  800004: 422,
  800005: 409,
  800006: 422,
  800007: 422,
  800008: 423,
  800009: 429,
  800010: 402,
  800011: 402,
  800012: 202,
  800013: 404,
  800014: 422,
  800015: 503,
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
  6001: {
    en: 'Please provide your opinions and suggestions',
    es: 'Escriba sus opiniones y sugerencias',
  },
  6002: {
    en: 'The description can have at most 200 characters.',
    es: 'La descripción puede tener como máximo 200 caracteres.',
  },
  6003: {
    en: 'A complaint can have at most 9 images.',
    es: 'Una queja puede tener como máximo 9 imágenes.',
  },
  6004: {
    en: 'The file is not a JPEG, PNG or WebP image.',
    es: 'El archivo no es una imagen JPEG, PNG o WebP.',
  },
  6005: {
    en: 'Each image can be at most 5 MB.',
    es: 'Cada imagen puede pesar como máximo 5 MB.',
  },
  6006: {
    en: 'That problem type does not exist. Please choose one from the list.',
    es: 'Ese tipo de problema no existe. Elija uno de la lista.',
  },
  6007: {
    en: 'That problem detail does not exist for this type. Please choose one from the list.',
    es: 'Ese detalle no existe para este tipo de problema. Elija uno de la lista.',
  },
  6008: {
    en: 'The selected order does not support sending collection types',
    es: 'El pedido seleccionado no admite quejas de cobranza',
  },
  6009: {
    en: 'An image was not found. Please upload it again.',
    es: 'No se encontró una imagen. Vuelva a subirla.',
  },
  6010: {
    en: 'Please choose an image to upload.',
    es: 'Elija una imagen para subir.',
  },
  6011: {
    en: 'The order was not found. Please choose one of your orders.',
    es: 'No se encontró el pedido. Elija uno de sus pedidos.',
  },
  6012: {
    en: 'The complaint was not found.',
    es: 'No se encontró la queja.',
  },
  6013: {
    en: 'This complaint has already been answered.',
    es: 'Esta queja ya fue respondida.',
  },
  6014: {
    en: 'This complaint has no reply to rate yet.',
    es: 'Esta queja aún no tiene una respuesta que calificar.',
  },
  6015: {
    en: 'You have already rated this reply.',
    es: 'Ya calificó esta respuesta.',
  },
  6016: {
    en: 'Please choose a rating from 1 to 5.',
    es: 'Seleccione una calificación del 1 al 5.',
  },
  6017: {
    en: 'A reply needs text of at most 1000 characters and at most 9 images.',
    es: 'Una respuesta necesita un texto de hasta 1000 caracteres y como máximo 9 imágenes.',
  },
  7001: {
    en: 'There is no loan offer for you on this product.',
    es: 'No tiene una oferta de préstamo para este producto.',
  },
  7002: {
    en: 'The amount is outside the range this product allows.',
    es: 'El monto está fuera del rango que permite este producto.',
  },
  7003: {
    en: 'The term is outside the range this product allows.',
    es: 'El plazo está fuera del rango que permite este producto.',
  },
  7004: {
    en: 'Your offer has changed. Please review the new terms and confirm again.',
    es: 'Su oferta cambió. Revise las nuevas condiciones y confirme de nuevo.',
  },
  7005: {
    en: 'Please accept the loan agreement to continue.',
    es: 'Acepte el contrato de préstamo para continuar.',
  },
  7006: {
    en: 'You already have a loan in progress with this product.',
    es: 'Ya tiene un préstamo en curso con este producto.',
  },
  7007: { en: 'Please select a rating.', es: 'Seleccione una calificación' },
  7008: {
    en: 'You have already rated this loan. Thank you!',
    es: 'Ya calificó este préstamo. ¡Gracias!',
  },
  7009: {
    en: 'This loan cannot be rated yet.',
    es: 'Este préstamo aún no se puede calificar.',
  },
  7010: {
    en: 'The order is not in a status that allows this.',
    es: 'El pedido no está en un estado que permita esto.',
  },
  7011: { en: 'This loan has nothing to repay.', es: 'Este préstamo no tiene nada por pagar.' },
  7012: {
    en: 'An extension is not available for this loan.',
    es: 'La prórroga no está disponible para este préstamo.',
  },
  7013: {
    en: 'The amount does not match what is owed.',
    es: 'El monto no corresponde a lo adeudado.',
  },
  7014: {
    en: 'This loan has too many payment references. Please pay the amount due or one you asked for before.',
    es: 'Este préstamo tiene demasiadas referencias de pago. Pague el monto adeudado o uno que ya solicitó.',
  },
  7015: {
    en: 'We could not issue a payment reference right now. Please try again later.',
    es: 'No pudimos generar una referencia de pago en este momento. Inténtelo más tarde.',
  },
  7016: {
    en: 'This place to pay does not take this amount in one payment. Please choose another place.',
    es: 'Este lugar de pago no acepta este monto en un solo pago. Elija otro lugar.',
  },
  7201: {
    en: 'Please enter the payment reference as it appears on your ticket (up to 40 letters or digits).',
    es: 'Escriba la referencia de pago como aparece en su ticket (hasta 40 letras o números).',
  },
  7202: {
    en: 'Please enter the date you paid: a day since the loan was paid out, and not later than today.',
    es: 'Escriba la fecha en que pagó: un día desde el desembolso del préstamo y no posterior a hoy.',
  },
  800001: {
    en: 'Choose one of your saved cards to pay with.',
    es: 'Elija una de sus tarjetas guardadas para pagar.',
  },
  800002: {
    en: 'This payment page has expired. Open the repayment again.',
    es: 'Esta página de pago caducó. Abra el pago de nuevo.',
  },
  800003: {
    en: 'This payment was started for another amount. Open the repayment again.',
    es: 'Este pago se inició por otro monto. Abra el pago de nuevo.',
  },
  800004: {
    en: 'The amount must be more than zero and no more than what you owe.',
    es: 'El monto debe ser mayor que cero y no mayor que lo que debe.',
  },
  800005: {
    en: 'Do not submit the payment request twice.',
    es: 'No envíe la solicitud de pago dos veces.',
  },
  800006: {
    en: 'The verification code is wrong.',
    es: 'El código de verificación es incorrecto.',
  },
  800007: {
    en: 'The verification code has expired. Ask for a new one.',
    es: 'El código de verificación caducó. Solicite uno nuevo.',
  },
  800008: {
    en: 'Too many wrong codes. Ask for a new code.',
    es: 'Demasiados códigos incorrectos. Solicite un código nuevo.',
  },
  800009: {
    en: 'Please wait a minute before asking for another code.',
    es: 'Espere un minuto antes de solicitar otro código.',
  },
  800010: {
    en: 'Your bank declined the payment. Try another card or pay in cash.',
    es: 'Su banco rechazó el pago. Intente con otra tarjeta o pague en efectivo.',
  },
  800011: {
    en: 'The card does not have enough funds for this payment.',
    es: 'La tarjeta no tiene fondos suficientes para este pago.',
  },
  800012: {
    en: 'We are confirming the payment with your bank. Check the result in a few minutes.',
    es: 'Estamos confirmando el pago con su banco. Consulte el resultado en unos minutos.',
  },
  800013: {
    en: 'We could not find this payment.',
    es: 'No encontramos este pago.',
  },
  800014: {
    en: 'The card could not be saved. Check its details and try again.',
    es: 'No se pudo guardar la tarjeta. Revise sus datos e intente de nuevo.',
  },
  800015: {
    en: 'Card payments are not available right now. Please try again later or pay in cash.',
    es: 'Los pagos con tarjeta no están disponibles en este momento. Intente más tarde o pague en efectivo.',
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

export function isErrorCodeValue(value: unknown): value is ErrorCodeValue {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(ERROR_HTTP_STATUS, value);
}

/**
 * Options for a schema rule (zod `refine`) whose failure has its own error code: the server's
 * error handler answers with that code and message instead of the generic invalid-value one.
 */
export function ruleError(code: Exclude<ErrorCodeValue, typeof ErrorCode.Ok>) {
  return { message: ERROR_MESSAGES[code].en, params: { errorCode: code } };
}
