import type { paymentsEn } from '../en/payments';

export const paymentsEs: Record<keyof typeof paymentsEn, string> = {
  'payments.title': 'Pagos',
  'payments.loading': 'Cargando sus pagos…',
  'payments.open': 'Pagos y comprobantes',
  'payments.receipts': 'Comprobantes del préstamo {orderNo}',
  'payments.receiptNo': 'Número de comprobante',
  'payments.paidOn': 'Fecha de pago',
  'payments.amount': 'Monto',
  'payments.channel': 'Pagado en',
  'payments.whatItPaid': 'Qué pagó',
  'payments.closingTitle': 'Préstamo liquidado',
  'payments.missing.title': 'Mi pago no aparece',
  'payments.missing.intro':
    'Si pagó y el pago no aparece aquí, indíquenos la referencia y el día en que pagó. Lo buscaremos y le responderemos en sus quejas.',
  'payments.missing.open': 'Reportar un pago que no aparece',
  'payments.missing.reference': 'Referencia de pago',
  'payments.missing.paidOn': 'Fecha en que pagó',
  'payments.missing.photo': 'Foto de su ticket (opcional)',
  'payments.missing.submit': 'Enviar reporte',
  'payments.missing.uploading': 'Subiendo la foto…',
  'payments.missing.sending': 'Enviando su reporte…',
  'payments.missing.seeComplaints': 'Ver mis quejas',
};
