import type { delayEn } from '../en/delay';

export const delayEs: Record<keyof typeof delayEn, string> = {
  'delay.title': 'Prorrogue su fecha de pago',
  'delay.loading': 'Cargando su prórroga…',
  'delay.charge': 'Cargo por prórroga',
  'delay.newDate': 'Nueva fecha de pago',
  'delay.terms': 'Lo que cuesta la prórroga',
  'delay.plan': 'Sus pagos después de la prórroga',
  'delay.planDue': 'Vence el {date}',
  'delay.service': 'Atención al cliente',
  'delay.serviceMoveHint': 'Use las flechas arriba y abajo para mover este botón.',
};
