import type { planRequestEn } from '../en/plan-request';

/** La solicitud de un plan de pagos para un préstamo en atraso (docs/decisions/248). */
export const planRequestEs: Record<keyof typeof planRequestEn, string> = {
  'plan.title': 'Pedir un plan de pagos',
  'plan.intro': 'Si no puede pagar todo pronto, díganos cuánto puede pagar con regularidad y por qué. Un analista de crédito revisa su solicitud y lo contacta con lo que se le puede ofrecer; nada cambia hasta que acepte un plan.',
  'plan.amount': 'Lo que puede pagar cada vez ({sign})',
  'plan.frequency': 'Cada cuánto',
  'plan.frequency.week': 'Cada semana',
  'plan.frequency.fortnight': 'Cada quincena',
  'plan.reason': 'Motivo',
  'plan.reason.job-loss': 'Perdí mi empleo',
  'plan.reason.illness': 'Enfermedad o accidente',
  'plan.reason.income-cut': 'Bajaron mis ingresos',
  'plan.reason.family': 'Una emergencia familiar',
  'plan.reason.other': 'Otro motivo',
  'plan.note': 'Algo más que debamos saber (opcional)',
  'plan.submit': 'Enviar mi solicitud',
  'plan.sending': 'Enviando su solicitud…',
  'plan.waiting': 'El {date} pidió pagar {amount} {frequency}. Un analista de crédito lo contactará al respecto.',
  'plan.waiting.week': 'cada semana',
  'plan.waiting.fortnight': 'cada quincena',
};
