import type { backofficeCollectionMessagesEn } from '../en/backoffice-collection-messages';

/** Textos en español de los SMS del espacio de cobranza y la tasa de promesas cumplidas (docs/decisions/246). */
export const backofficeCollectionMessagesEs: Record<keyof typeof backofficeCollectionMessagesEn, string> = {
  'bo.coll.outcome.message-sent': 'SMS enviado',
  'bo.coll.message.title': 'Enviar un SMS',
  'bo.coll.message.template': 'Mensaje, tal como lo leerá el acreditado',
  'bo.coll.message.collection-overdue': 'Pago vencido, favor de pagar',
  'bo.coll.message.collection-call-us': 'No pudimos contactarle, llámenos',
  'bo.coll.message.collection-promise': 'Su promesa vence',
  'bo.coll.message.noPromise': 'Primero tome una promesa de pago: este mensaje se la recuerda al acreditado.',
  'bo.coll.message.hint': 'Se envía al teléfono del propio acreditado. Cuenta como contacto dentro del horario y los límites del mercado.',
  'bo.coll.message.send': 'Enviar SMS',
  'bo.coll.message.sent': 'SMS enviado y registrado como contacto.',
  'bo.coll.rates.titleMine': 'Sus promesas de pago',
  'bo.coll.rates.titleAll': 'Promesas de pago por agente',
  'bo.coll.rates.window': 'Promesas tomadas del {from} al {to}.',
  'bo.coll.rates.agent': 'Agente',
  'bo.coll.rates.taken': 'Tomadas',
  'bo.coll.rates.amounts': 'Cumplido de lo prometido',
  'bo.coll.rates.amountsValue': '{kept} de {promised}',
  'bo.coll.rates.rate': 'Tasa de cumplimiento',
  'bo.coll.rates.how': 'La tasa cuenta solo las promesas ya decididas (cumplidas, cumplidas en parte, incumplidas): el monto que cubrió el dinero recibido entre el monto prometido.',
};
