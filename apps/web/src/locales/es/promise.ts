import type { promiseEn } from '../en/promise';

export const promiseEs: Record<keyof typeof promiseEn, string> = {
  'promise.open': 'No puedo pagar todo ahora',
  'promise.title': 'Promesa de pago',
  'promise.loading': 'Cargando su préstamo…',
  'promise.intro': 'Debe {owed}. Díganos cuánto puede pagar y qué día: nuestro equipo de cobranza verá su promesa, y los cargos por atraso siguen corriendo sobre lo que quede sin pagar.',
  'promise.amount': 'Monto que pagará ({sign})',
  'promise.amountProblem': 'Ingrese un monto mayor que cero y no mayor que {most}.',
  'promise.date': 'El día en que pagará',
  'promise.dateHint': 'Desde hoy hasta el {last}.',
  'promise.submit': 'Prometer el pago',
  'promise.sending': 'Guardando su promesa…',
  'promise.saved': 'Guardada. Pague en cualquier tienda o por transferencia con sus referencias de siempre antes de que termine el día.',
  'promise.notLate': 'Este préstamo no está en atraso: no hay nada que prometer.',
  'promise.list': 'Sus promesas',
  'promise.item': '{amount} a más tardar el {date}',
  'promise.state.open': 'Esperando el día',
  'promise.state.kept': 'Cumplida: gracias',
  'promise.state.partly-kept': 'Cumplida en parte: llegaron {kept}',
  'promise.state.broken': 'No cumplida',
  'promise.back': 'Volver al préstamo',
} as const;
