import type { Language } from './language';

/** Error codes of paying a loan out to the borrower's bank account (docs/decisions/152–155). */
export const PayoutErrorCode = {
  PayoutNotFound: 7300,
  PayoutRetrySameAccount: 7301,
  PayoutNotRetryable: 7302,
  PayoutHeld: 7303,
  PayoutProviderUnknown: 7304,
  PayoutNotificationRefused: 7305,
  PayoutSandboxOnly: 7306,
  PayoutNotInFlight: 7307,
  PayoutInFlight: 7308,
  PayoutNeedsRetry: 7309,
  PayoutNotRestatable: 7310,
} as const;
export type PayoutErrorCodeValue = (typeof PayoutErrorCode)[keyof typeof PayoutErrorCode];

export const PAYOUT_ERROR_HTTP_STATUS: Record<PayoutErrorCodeValue, number> = {
  7300: 404,
  7301: 409,
  7302: 409,
  7303: 409,
  7304: 404,
  7305: 401,
  7306: 404,
  7307: 409,
  7308: 409,
  7309: 409,
  7310: 409,
};

export const PAYOUT_ERROR_MESSAGES: Record<PayoutErrorCodeValue, Record<Language, string>> = {
  7300: { en: 'This order has no payout.', es: 'Esta orden no tiene un desembolso.' },
  7301: {
    en: 'The payout was rejected for this same account: the borrower must save another account first.',
    es: 'El desembolso fue rechazado para esta misma cuenta: el cliente debe registrar otra cuenta primero.',
  },
  7302: { en: 'Only a rejected or reversed payout can be sent again.', es: 'Solo un desembolso rechazado o revertido puede enviarse de nuevo.' },
  7303: {
    en: 'The payout is waiting: the borrower has no payout account, or payouts are off in this market.',
    es: 'El desembolso está en espera: el cliente no tiene cuenta de depósito o los desembolsos están desactivados en este mercado.',
  },
  7304: { en: 'No such payout provider.', es: 'No existe ese proveedor de desembolsos.' },
  7305: { en: 'The notification could not be verified.', es: 'No se pudo verificar la notificación.' },
  7306: { en: 'Only the sandbox payout provider can be driven.', es: 'Solo el proveedor de desembolsos de prueba puede manejarse.' },
  7307: { en: 'The payout is not with the provider.', es: 'El desembolso no está con el proveedor.' },
  7308: {
    en: 'The payout is with the provider or paid: wait for its outcome before rejecting the order.',
    es: 'El desembolso está con el proveedor o ya se pagó: espere su resultado antes de rechazar la orden.',
  },
  7309: {
    en: 'The payout was rejected or returned: nothing is sent until it is sent again to a corrected account.',
    es: 'El desembolso fue rechazado o devuelto: no se envía nada hasta reenviarlo a una cuenta corregida.',
  },
  7310: {
    en: 'Only an order whose payout the bank returned after the borrower paid something, not yet restated, can be restated.',
    es: 'Solo se puede reexpresar una orden cuyo desembolso devolvió el banco después de que el cliente pagó algo y que aún no se ha reexpresado.',
  },
};
