import type { aboutUsEn } from '../en/about-us';

export const aboutUsEs: Record<keyof typeof aboutUsEn, string> = {
  'aboutUs.title': 'Sobre nosotros',
  'aboutUs.welcome': 'Bienvenido a {brand}',
  'aboutUs.body1':
    '{brand} ofrece préstamos en efectivo a corto plazo a través de su aplicación móvil. Usted solicita, confirma y paga en la aplicación, y ve el monto, el plazo y cada cargo antes de confirmar.',
  'aboutUs.body2': 'Si tiene alguna pregunta, nuestro equipo de atención al cliente está listo para ayudarle.',
};
