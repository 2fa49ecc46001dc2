import type { loanConfirmEn } from '../en/loan-confirm';

export const loanConfirmEs: Record<keyof typeof loanConfirmEn, string> = {
  'loanConfirm.title': 'Confirmar préstamo',
  'loanConfirm.loading': 'Cargando su oferta…',
  'loanConfirm.receive': 'Usted recibe',
  'loanConfirm.loanAmount': 'Monto del préstamo {amount}',
  'loanConfirm.term': 'Plazo',
  'loanConfirm.termValue': '{days} días',
  'loanConfirm.rate': 'Interés diario',
  'loanConfirm.coupon': 'Cupón',
  'loanConfirm.couponValue': '{amount} en intereses',
  'loanConfirm.details': 'Costos y cargos',
  'loanConfirm.plan': 'Plan de pagos',
  'loanConfirm.planLabel': 'Pago {n} de {total}',
  'loanConfirm.planPayBy': 'Pagar a más tardar el {date}',
  'loanConfirm.agree': 'He leído y acepto el',
  'loanConfirm.agreement': 'contrato de préstamo',
  'loanConfirm.agreeFirst': 'Acepte el contrato de préstamo para confirmar.',
  'loanConfirm.submit': 'Confirmar préstamo',
  'loanConfirm.submitting': 'Enviando su solicitud…',
  'loanConfirm.reloadTitle': 'Actualizando su oferta',
  'loanConfirm.reloading': 'Actualizando sus condiciones…',
};
