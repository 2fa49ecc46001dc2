import type { Language } from './language';

/**
 * Error codes of reaching products: the markets a borrower may borrow in (docs/decisions/132), and
 * applying for credit and borrowing on its decision (docs/decisions/141).
 */
export const OnboardingErrorCode = {
  ProductOfAnotherMarket: 8001,
  CreditProfileIncomplete: 8002,
  CreditDeclinedUntil: 8003,
  CreditNotApproved: 8004,
  CreditUnderReview: 8005,
  CreditAmountAboveCeiling: 8006,
  OverdueLoanBlocksBorrowing: 8007,
  CreditReferralNotFound: 8008,
  CreditCeilingAboveRules: 8009,
  CreditProductClosed: 8010,
  CreditFactsChanged: 8011,
  CreditDecisionFactsChanged: 8012,
  CreditOfficerRequired: 8013,
} as const;
export type OnboardingErrorCodeValue = (typeof OnboardingErrorCode)[keyof typeof OnboardingErrorCode];

export const ONBOARDING_ERROR_HTTP_STATUS: Record<OnboardingErrorCodeValue, number> = {
  8001: 403,
  8002: 409,
  8003: 409,
  8004: 403,
  8005: 409,
  8006: 422,
  8007: 409,
  8008: 404,
  8009: 422,
  8010: 409,
  8011: 409,
  8012: 409,
  8013: 400,
};

export const ONBOARDING_ERROR_MESSAGES: Record<OnboardingErrorCodeValue, Record<Language, string>> = {
  8001: {
    en: 'This loan is not offered in your country. Our loans are only for residents of the country your phone number is registered in.',
    es: 'Este préstamo no se ofrece en su país. Nuestros préstamos son solo para residentes del país de su número de teléfono registrado.',
  },  8002: {
    en: 'Complete your profile before applying. Still missing: {field}.',
    es: 'Complete su perfil antes de solicitar. Falta: {field}.',
  },
  8003: {
    en: 'We cannot offer you a loan now. You can apply again from {field}.',
    es: 'Por ahora no podemos ofrecerle un préstamo. Podrá volver a solicitar a partir del {field}.',
  },
  8004: {
    en: 'Apply for this product first: you have no approved credit on it.',
    es: 'Primero solicite este producto: no tiene un crédito aprobado en él.',
  },
  8005: {
    en: 'A credit officer is reviewing your application for this product. We will let you know the answer.',
    es: 'Un analista de crédito está revisando su solicitud para este producto. Le avisaremos la respuesta.',
  },
  8006: {
    en: 'This amount is above what you were approved for on this product ({field}).',
    es: 'Este monto supera lo que se le aprobó en este producto ({field}).',
  },
  8007: {
    en: 'One of your loans is overdue. Repay it before taking a new loan.',
    es: 'Uno de sus préstamos está vencido. Páguelo antes de solicitar otro.',
  },
  8008: {
    en: 'No referred application with this id is waiting for a decision.',
    es: 'Ninguna solicitud referida con este id espera una decisión.',
  },
  8009: {
    en: 'The ceiling must be a positive amount no higher than what the rules allowed ({field}).',
    es: 'El límite debe ser un monto positivo no mayor al que permitieron las reglas ({field}).',
  },
  8010: {
    en: 'This product is not open for applications right now.',
    es: 'Este producto no recibe solicitudes por ahora.',
  },
  8011: {
    en: 'Your details changed after your application was decided. Apply again so we can decide on your current details.',
    es: 'Sus datos cambiaron después de que se decidió su solicitud. Vuelva a solicitar para que decidamos con sus datos actuales.',
  },
  8012: {
    en: "The borrower's identity, income, debts or payout account changed after the credit decision, so it no longer stands: nothing can be approved or paid out on it. The borrower applies again.",
    es: 'La identidad, el ingreso, las deudas o la cuenta de depósito del cliente cambiaron después de la decisión de crédito, que ya no es válida: no se puede aprobar ni desembolsar nada con ella. El cliente vuelve a solicitar.',
  },
  8013: {
    en: 'Name the credit officer this decision is made for (--officer): the operator token is not a person.',
    es: 'Indique el oficial de crédito por quien se toma esta decisión (--officer): el token de operador no es una persona.',
  },
};
