import type { Language } from './language';

/** Error codes of card repayment: 800005 (submitted twice) and 800006 (code wrong) keep the original app's codes; the rest are ours (docs/decisions/080). */
export const CardErrorCode = {
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
  /** Nothing is due and the loan may not yet be repaid early (docs/decisions/233). */
  CardNothingDueYet: 800016,
  /** Before the early-repayment date: no more than what is due and the next installment. */
  CardAboveDueAndNext: 800017,
  /** More than settles the loan today: the rest would only become credit. */
  CardAboveSettlement: 800018,
  /** Another card payment of the order, still being confirmed, holds what may be paid. */
  CardPaymentInFlight: 800019,
} as const;
export type CardErrorCodeValue = (typeof CardErrorCode)[keyof typeof CardErrorCode];

export const CARD_ERROR_HTTP_STATUS: Record<CardErrorCodeValue, number> = {
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
  800016: 409,
  800017: 422,
  800018: 422,
  800019: 409,
};

export const CARD_ERROR_MESSAGES: Record<CardErrorCodeValue, Record<Language, string>> = {
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
  800016: {
    en: 'Nothing is due on this loan yet, and it cannot be repaid early yet. You can pay when your installment falls due.',
    es: 'Este préstamo aún no tiene nada por pagar y todavía no puede liquidarse por anticipado. Podrá pagar cuando venza su pago.',
  },
  800017: {
    en: 'Today you can pay what is due and your next installment. The whole loan can be repaid early only from the date its terms allow.',
    es: 'Hoy puede pagar lo vencido y su siguiente pago. El préstamo completo solo puede liquidarse por anticipado desde la fecha que permiten sus términos.',
  },
  800018: {
    en: 'That is more than what settles this loan today. Pay the amount shown to settle it.',
    es: 'Eso es más de lo que liquida este préstamo hoy. Pague el monto indicado para liquidarlo.',
  },
  800019: {
    en: 'Another card payment of this loan is still being confirmed. Check its result before paying again.',
    es: 'Otro pago con tarjeta de este préstamo aún se está confirmando. Consulte su resultado antes de volver a pagar.',
  },
};
