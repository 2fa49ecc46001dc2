import type { Language } from './language';
import { OneTimeCodeLimits } from './phone';

// The phone rules are every borrower's, not only the promotion's; they live in phone.ts.
export { isValidPhone, normalisePhone, PHONE_MARKETS, PHONE_RULES, type PhoneMarket, type PhoneRule } from './phone';

/**
 * Promotion calls live under their own base (`/api/v2/youmi`) and answer `{code, message, data?}`
 * with string codes ('0' success, '101' captcha wrong, '11' already registered, '-1' captcha wrong
 * on registration, and ours), not the borrower envelope. Zod-free so the landing page can read
 * these without loading zod (docs/decisions/016, 050).
 */
export const PROMOTION_BASE = '/api/v2/youmi';

export const PromotionPath = {
  template: '/service/channel/channel-template',
  trackVisit: '/promotion/track-visit',
  getSid: '/promotion/get-sid',
  captcha: '/promotion/get-captcha',
  /** The alternative to the image for visitors who cannot see it (docs/decisions/064). */
  captchaText: '/promotion/get-captcha-text',
  sms: '/promotion/get-sms',
  register: '/promotion/register',
  trackClick: '/promotion/track-click',
} as const;

/** `page_type` of the tracking calls (`track-visit`, `track-click`): 1 is the landing page. */
export const PROMOTION_PAGE_TYPE = '1';

/** Fixed values the SMS and registration payloads carry: the app name code, and merchant number 0. */
export const PROMOTION_APP_NAME = 'lend-promo';
export const PROMOTION_MERCHANT_NUMBER = '0';

export const PromotionCode = {
  Ok: '0',
  /** SMS request: the image captcha is wrong, missing, used or expired; the page refreshes it. */
  CaptchaWrong: '101',
  /** Register: the image captcha is wrong; the page refreshes it. */
  RegisterCaptchaWrong: '-1',
  AlreadyRegistered: '11',
  InvalidPhone: '102',
  SmsCodeWrong: '103',
  SmsCodeExpired: '104',
  ResendTooSoon: '105',
  PhoneHourlyLimit: '106',
  AddressHourlyLimit: '107',
  TemplateNotFound: '108',
  SidExpired: '109',
  SmsCodeLocked: '110',
  InvalidRequest: '1001',
  TooManyRequests: '1029',
  Internal: '5000',
  SmsUnavailable: '5003',
  /** The hourly SMS budget (all SMS, or the campaign's) is spent (docs/decisions/064). */
  SmsBudgetExhausted: '5004',
} as const;
export type PromotionCodeValue = (typeof PromotionCode)[keyof typeof PromotionCode];

export const PROMOTION_CODES: readonly PromotionCodeValue[] = Object.values(PromotionCode);

/** HTTP status of each code; the body is the same whatever the status (as in docs/decisions/002). */
export const PROMOTION_HTTP_STATUS: Record<PromotionCodeValue, number> = {
  '0': 200,
  '101': 200,
  '-1': 200,
  '11': 200,
  '102': 400,
  '103': 200,
  '104': 200,
  '105': 429,
  '106': 429,
  '107': 429,
  '108': 404,
  '109': 200,
  '110': 200,
  '1001': 400,
  '1029': 429,
  '5000': 500,
  '5003': 503,
  '5004': 503,
};

/** Business limits of the promotion flow: input lengths, and the security numbers of the captcha, the SMS codes and the sid (docs/decisions/053, 054). */
export const PromotionLimits = {
  captchaLength: 4,
  smsCodeLength: OneTimeCodeLimits.length,
  captchaTtlMs: 2 * 60_000,
  smsCodeTtlMs: OneTimeCodeLimits.ttlMs,
  smsCodeMaxWrongTries: OneTimeCodeLimits.maxWrongTries,
  smsResendMs: OneTimeCodeLimits.resendMs,
  smsPerPhonePerHour: OneTimeCodeLimits.perPhonePerHour,
  smsPerAddressPerHour: OneTimeCodeLimits.perAddressPerHour,
  /** A visitor's sid lives long enough for a slow form, not for days. */
  sidTtlMs: 60 * 60_000,
  /** Defaults of SMS_BUDGET_PER_HOUR and SMS_BUDGET_PER_TEMPLATE_PER_HOUR (docs/decisions/064). */
  smsBudgetPerHour: 1_000,
  smsBudgetPerTemplatePerHour: 300,
  /** The share of a budget at which the operator is warned. */
  smsBudgetAlertShare: 0.8,
  /** The share of SMS_BUDGET_PER_HOUR that text challenges, which a program can read, may send. */
  smsBudgetTextShare: 0.1,
} as const;

type Messages = Record<Language, string>;

/** `{field}` is the offending field, `{phoneHint}` the market's phone rule, `{seconds}` a wait. */
export const PROMOTION_MESSAGES: Record<PromotionCodeValue, Messages> = {
  '0': { en: 'Success', es: 'Éxito' },
  '101': {
    en: 'The image code is wrong. Please type the new one.',
    es: 'El código de la imagen es incorrecto. Escriba el nuevo.',
  },
  '-1': {
    en: 'The image code is wrong. Please type the new one.',
    es: 'El código de la imagen es incorrecto. Escriba el nuevo.',
  },
  '11': {
    en: 'This number is already registered. Please download the app to sign in.',
    es: 'Este número ya está registrado. Descargue la aplicación para iniciar sesión.',
  },
  '102': { en: 'Invalid phone number. {phoneHint}', es: 'Número no válido. {phoneHint}' },
  '103': {
    en: 'The SMS code is wrong. Please check the message and try again.',
    es: 'El código SMS es incorrecto. Revise el mensaje e inténtelo de nuevo.',
  },
  '104': {
    en: 'The SMS code has expired or was not requested. Please request a new one.',
    es: 'El código SMS caducó o no fue solicitado. Solicite uno nuevo.',
  },
  '105': {
    en: 'A code was just sent. Please wait {seconds} s before asking again.',
    es: 'Acabamos de enviar un código. Espere {seconds} s antes de pedir otro.',
  },
  '106': {
    en: 'Too many codes were sent to this number. Please try again in an hour.',
    es: 'Se enviaron demasiados códigos a este número. Inténtelo de nuevo en una hora.',
  },
  '107': {
    en: 'Too many codes were requested from your network. Please try again in an hour.',
    es: 'Se pidieron demasiados códigos desde su red. Inténtelo de nuevo en una hora.',
  },
  '108': { en: 'This promotion is not available.', es: 'Esta promoción no está disponible.' },
  '109': {
    en: 'The page has expired. Please type the new image code.',
    es: 'La página caducó. Escriba el nuevo código de la imagen.',
  },
  '110': {
    en: 'Too many wrong codes. Please request a new SMS code.',
    es: 'Demasiados códigos incorrectos. Solicite un nuevo código SMS.',
  },
  '1001': { en: 'Invalid value for "{field}".', es: 'Valor no válido en «{field}».' },
  '1029': {
    en: 'Too many requests. Please try again later.',
    es: 'Demasiadas solicitudes. Inténtelo más tarde.',
  },
  '5000': {
    en: 'Something went wrong. Please try again.',
    es: 'Algo salió mal. Inténtelo de nuevo.',
  },
  '5003': {
    en: 'We cannot send SMS right now. Please try again in a few minutes.',
    es: 'No podemos enviar SMS en este momento. Inténtelo en unos minutos.',
  },
  '5004': {
    en: 'We are sending too many codes right now. Please try again within the hour.',
    es: 'Estamos enviando demasiados códigos en este momento. Inténtelo de nuevo dentro de una hora.',
  },
};

export type PromotionMessageParams = { field?: string; phoneHint?: string; seconds?: number };

export function promotionMessage(code: PromotionCodeValue, language: Language, params: PromotionMessageParams = {}): string {
  return PROMOTION_MESSAGES[code][language].replace(/\{(field|phoneHint|seconds)\}/g, (placeholder, name: keyof PromotionMessageParams) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** The text challenge: the captcha's digits spelt out, for a screen reader (docs/decisions/064). */
export const TEXT_CHALLENGE: Record<Language, { prompt: string; digits: readonly string[] }> = {
  en: {
    prompt: 'Type these digits as numbers:',
    digits: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  },
  es: {
    prompt: 'Escriba estos dígitos como números:',
    digits: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'],
  },
};

export function textChallengeQuestion(answer: string, language: Language): string {
  const { prompt, digits } = TEXT_CHALLENGE[language];
  return `${prompt} ${[...answer].map((digit) => digits[Number(digit)] ?? digit).join(', ')}.`;
}

/** The verification SMS; `{code}` is the one-time code, `{minutes}` its lifetime. */
export const PROMOTION_SMS_TEXT: Messages = {
  en: 'Your Lend verification code is {code}. It expires in {minutes} minutes. Never share it.',
  es: 'Su código de verificación de Lend es {code}. Caduca en {minutes} minutos. No lo comparta.',
};
