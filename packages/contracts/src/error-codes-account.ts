import type { Language } from './language';

/** Error codes of the native app's sign-in and account calls. */
export const AccountErrorCode = {
  AccountPhoneInvalid: 4101,
  AccountCodeWrong: 4102,
  AccountCodeExpired: 4103,
  AccountCodeLocked: 4104,
  AccountResendTooSoon: 4105,
  AccountPhoneHourlyLimit: 4106,
  AccountAddressHourlyLimit: 4107,
  AccountSmsUnavailable: 4108,
} as const;
export type AccountErrorCodeValue = (typeof AccountErrorCode)[keyof typeof AccountErrorCode];

export const ACCOUNT_ERROR_HTTP_STATUS: Record<AccountErrorCodeValue, number> = {
  4101: 400,
  4102: 400,
  4103: 400,
  4104: 400,
  4105: 429,
  4106: 429,
  4107: 429,
  4108: 503,
};

export const ACCOUNT_ERROR_MESSAGES: Record<AccountErrorCodeValue, Record<Language, string>> = {
  4101: {
    en: 'This phone number is not valid for your country. Enter your 10-digit mobile number.',
    es: 'Este número no es válido para su país. Ingrese su número móvil de 10 dígitos.',
  },
  4102: {
    en: 'The SMS code is wrong. Please check the message and try again.',
    es: 'El código SMS es incorrecto. Revise el mensaje e inténtelo de nuevo.',
  },
  4103: {
    en: 'The SMS code has expired, was already used or was not requested. Please request a new one.',
    es: 'El código SMS caducó, ya se usó o no fue solicitado. Solicite uno nuevo.',
  },
  4104: {
    en: 'Too many wrong codes. Please request a new SMS code.',
    es: 'Demasiados códigos incorrectos. Solicite un nuevo código SMS.',
  },
  4105: {
    en: 'A code was just sent. Please wait a minute before asking again.',
    es: 'Acabamos de enviar un código. Espere un minuto antes de pedir otro.',
  },
  4106: {
    en: 'Too many codes were sent to this number. Please try again in an hour.',
    es: 'Se enviaron demasiados códigos a este número. Inténtelo de nuevo en una hora.',
  },
  4107: {
    en: 'Too many codes were requested from your network. Please try again in an hour.',
    es: 'Se pidieron demasiados códigos desde su red. Inténtelo de nuevo en una hora.',
  },
  4108: {
    en: 'We cannot send SMS right now. Please try again in a few minutes.',
    es: 'No podemos enviar SMS en este momento. Inténtelo en unos minutos.',
  },
};

/** The sign-in SMS in the borrower's language; `{code}` is the code, `{minutes}` its lifetime. */
export const SIGN_IN_SMS_TEXT: Record<Language, string> = {
  en: 'Your Lend sign-in code is {code}. It expires in {minutes} minutes. Never share it.',
  es: 'Su código para iniciar sesión en Lend es {code}. Caduca en {minutes} minutos. No lo comparta.',
};
