import type { loginFailureEn } from '../en/login-failure';

export const loginFailureEs: Record<keyof typeof loginFailureEn, string> = {
  'loginFailure.title': 'Error al iniciar sesión',
  'loginFailure.word': 'Fracaso',
  'loginFailure.body': 'Le ofrecemos servicios profesionales y el pago de su préstamo.',
};
