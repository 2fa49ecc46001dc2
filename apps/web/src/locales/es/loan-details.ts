import type { loanDetailsEn } from '../en/loan-details';

export const loanDetailsEs: Record<keyof typeof loanDetailsEn, string> = {
  'loanDetails.title': 'Detalle del préstamo',
  'loanDetails.loading': 'Cargando su préstamo…',
  'loanDetails.repay': 'Pagar',
  'loanDetails.delay': 'Prorrogar',
  'loanDetails.borrowAgain': 'Pedir otro préstamo',
  'loanDetails.contract': 'Ver el contrato de préstamo',
  'loanDetails.delayTitle': '¿Prorrogar su fecha de pago?',
  'loanDetails.delayBody':
    'Puede mover su fecha de pago hasta {days} días. La página de prórroga muestra su costo antes de pagar.',
  'loanDetails.delayConfirm': 'Prorrogar mi fecha',
  'loanDetails.delayNoNeed': 'No es necesario, pagar ahora',
  'loanDetails.rateTitle': '¿Cómo fue su experiencia?',
  'loanDetails.rateBody': 'Califique nuestro servicio de 1 a 5 estrellas.',
  'loanDetails.stars': 'Calificación',
  'loanDetails.star': '{n} de 5',
  'loanDetails.rateSend': 'Enviar',
  'loanDetails.rateCancel': 'Cancelar',
  'loanDetails.rateRequired': 'Seleccione una calificación',
  'loanDetails.rateSending': 'Enviando su calificación…',
  'loanDetails.thanksTitle': 'Gracias',
  'loanDetails.thanksBody': 'Gracias por su opinión. La usaremos para mejorar nuestro servicio.',
  // Pago con tarjeta desde el pedido.
  'loanDetails.payByCard': 'Pagar con tarjeta',
};
