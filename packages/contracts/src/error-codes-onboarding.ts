import type { Language } from './language';

/** Error codes of reaching products: the markets a borrower may borrow in (docs/decisions/132). */
export const OnboardingErrorCode = {
  ProductOfAnotherMarket: 8001,
} as const;
export type OnboardingErrorCodeValue = (typeof OnboardingErrorCode)[keyof typeof OnboardingErrorCode];

export const ONBOARDING_ERROR_HTTP_STATUS: Record<OnboardingErrorCodeValue, number> = {
  8001: 403,
};

export const ONBOARDING_ERROR_MESSAGES: Record<OnboardingErrorCodeValue, Record<Language, string>> = {
  8001: {
    en: 'This loan is not offered in your country. Our loans are only for residents of the country your phone number is registered in.',
    es: 'Este préstamo no se ofrece en su país. Nuestros préstamos son solo para residentes del país de su número de teléfono registrado.',
  },
};
