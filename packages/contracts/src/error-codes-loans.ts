import type { Language } from './language';

/** Error codes of offers, orders, scores, repayment and extension references, missing-payment reports. */
export const LoanErrorCode = {
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
  RefundNothingToRefund: 7017,
  RefundAboveCredit: 7018,
  RefundPaymentInFlight: 7019,
  RefundNeedsOutsideTransfer: 7020,
  RefundProviderUnavailable: 7021,
  MissingPaymentReferenceInvalid: 7201,
  MissingPaymentDateInvalid: 7202,
} as const;
export type LoanErrorCodeValue = (typeof LoanErrorCode)[keyof typeof LoanErrorCode];

export const LOAN_ERROR_HTTP_STATUS: Record<LoanErrorCodeValue, number> = {
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
  7017: 409,
  7018: 422,
  7019: 409,
  7020: 409,
  7021: 503,
  7201: 400,
  7202: 400,
};

export const LOAN_ERROR_MESSAGES: Record<LoanErrorCodeValue, Record<Language, string>> = {
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
  7017: {
    en: 'This loan holds no credit to return.',
    es: 'Este préstamo no tiene saldo a favor que devolver.',
  },
  7018: {
    en: 'The refund is larger than the credit this loan holds.',
    es: 'La devolución es mayor que el saldo a favor de este préstamo.',
  },
  7019: {
    en: 'A payment on this loan is still being applied. Please try again once it is settled.',
    es: 'Un pago de este préstamo aún se está aplicando. Intente de nuevo cuando termine.',
  },
  7020: {
    en: 'No payment provider took money for this loan. Record the refund as a transfer made outside a provider.',
    es: 'Ningún proveedor de pagos recibió dinero de este préstamo. Registre la devolución como una transferencia fuera del proveedor.',
  },
  7021: {
    en: 'Refunds through this payment provider are not available now.',
    es: 'Las devoluciones por este proveedor de pagos no están disponibles ahora.',
  },
  7201: {
    en: 'Please enter the payment reference as it appears on your ticket (up to 40 letters or digits).',
    es: 'Escriba la referencia de pago como aparece en su ticket (hasta 40 letras o números).',
  },
  7202: {
    en: 'Please enter the date you paid: a day since the loan was paid out, and not later than today.',
    es: 'Escriba la fecha en que pagó: un día desde el desembolso del préstamo y no posterior a hoy.',
  },
};
