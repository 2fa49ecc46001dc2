import type { settlementEn } from '../en/settlement';

/** Textos en español de la oferta de convenio al acreditado (docs/decisions/245); las líneas de la oferta vienen del servidor. */
export const settlementEs: Record<keyof typeof settlementEn, string> = {
  'settlement.title': 'Una oferta para cerrar su préstamo',
  'settlement.loading': 'Cargando la oferta…',
  'settlement.accept': 'Aceptar la oferta',
  'settlement.accepting': 'Aceptando…',
  'settlement.accepted': 'Usted aceptó esta oferta. Pague {amount} a más tardar el {date}: el préstamo se cierra cuando sus pagos lleguen a ese monto.',
  'settlement.pay': 'Cómo pagar',
  // Payment plans (docs/decisions/250).
  'planOffer.title': 'Un plan de pagos que le ofrecemos',
  'planOffer.schedule': 'Sus pagos',
  'planOffer.payment': 'Pago',
  'planOffer.date': 'Fecha',
  'planOffer.amount': 'Monto',
  'planOffer.terms': 'Condiciones del plan',
  'planOffer.accept': 'Aceptar el plan',
  'planOffer.accepting': 'Aceptando…',
  'planOffer.inForce': 'Su plan de pagos está vigente: cubra cada pago en su fecha ({total} en total).',
  'planOffer.pay': 'Cómo pagar',
};
