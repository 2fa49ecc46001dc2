import { fillTemplate, type Language, type TemplateValues } from '@lend/contracts';

/**
 * What the server writes for borrowers about a loan's terms (detail rows, the annual-cost line,
 * the late-charge tiers), in both languages. `{name}` placeholders are filled by `loanText`.
 */
const en = {
  'row.orderNo': 'Order number',
  'row.appliedOn': 'Applied on',
  'row.amount': 'Loan amount',
  'row.commission': 'Opening commission ({rate}, deducted at disbursal)',
  'row.giveAmount': 'Amount you receive',
  'row.interest': 'Interest ({rate} a day × {days} days)',
  'row.discount': 'Coupon discount on interest',
  'row.tax': 'IVA ({rate} of interest and commission)',
  'row.taxIn': 'GST ({rate} of interest and commission)',
  'row.total': 'Total to repay',
  'row.term': 'Term',
  'row.termValue': '{days} days',
  'row.installments': 'Payments',
  'row.installmentsValue': '{periods} × every {periodDays} days',
  'row.annualRate': 'Annual interest rate (360-day year)',
  'row.penalty': 'Late fee (once per loan)',
  'row.penaltyValue': '{newClient}; {repeatClient} if you have repaid a loan with us before',
  'row.lateInterest': 'Late interest',
  'row.lateInterestNone': 'None: the late fee is flat',
  'row.lateCap': 'Late charges never exceed',
  'row.earlyRepayment': 'Early repayment',
  'row.earlyRepaymentValue': 'From day {fromDay} after payout',
  'row.earlyRepaymentAnyTime': 'At any time',
  'row.disbursedOn': 'Paid out on',
  'row.nextDue': 'Next payment date',
  'row.amountDue': 'Amount due now',
  'row.lateChargesOwed': 'Late charges owed',
  'row.settledOn': 'Repaid on',
  'row.credit': 'Paid beyond what you owed (yours to get back)',
  'cost.CAT': 'CAT {rate} without IVA. For information and comparison purposes.',
  'cost.APR': 'APR {rate} a year (all charges included, as in the Key Facts Statement).',
  'offer.revised': 'Your offer has been updated: {amount} for {days} days. We are refreshing your terms.',
  'late.tier': '{rate} a day from day {from} to day {to} of delay',
  'late.tierOpen': '{rate} a day from day {from} of delay until paid',
} as const satisfies Record<string, string>;

export type LoanTextKey = keyof typeof en;

const es: Record<LoanTextKey, string> = {
  'row.orderNo': 'Número de pedido',
  'row.appliedOn': 'Fecha de solicitud',
  'row.amount': 'Monto del préstamo',
  'row.commission': 'Comisión por apertura ({rate}, se descuenta al desembolsar)',
  'row.giveAmount': 'Monto que recibe',
  'row.interest': 'Intereses ({rate} diario × {days} días)',
  'row.discount': 'Descuento del cupón sobre intereses',
  'row.tax': 'IVA ({rate} de intereses y comisión)',
  'row.taxIn': 'GST ({rate} de intereses y comisión)',
  'row.total': 'Total a pagar',
  'row.term': 'Plazo',
  'row.termValue': '{days} días',
  'row.installments': 'Pagos',
  'row.installmentsValue': '{periods} × cada {periodDays} días',
  'row.annualRate': 'Tasa de interés anual (año de 360 días)',
  'row.penalty': 'Cargo único por atraso (una vez por préstamo)',
  'row.penaltyValue': '{newClient}; {repeatClient} si ya nos pagó un préstamo antes',
  'row.lateInterest': 'Interés moratorio',
  'row.lateInterestNone': 'Ninguno: el cargo por atraso es fijo',
  'row.lateCap': 'Los cargos por atraso nunca superan',
  'row.earlyRepayment': 'Pago anticipado',
  'row.earlyRepaymentValue': 'Desde el día {fromDay} después del desembolso',
  'row.earlyRepaymentAnyTime': 'En cualquier momento',
  'row.disbursedOn': 'Fecha de desembolso',
  'row.nextDue': 'Próxima fecha de pago',
  'row.amountDue': 'Monto a pagar ahora',
  'row.lateChargesOwed': 'Cargos por atraso pendientes',
  'row.settledOn': 'Fecha de liquidación',
  'row.credit': 'Pagado de más (se le devuelve)',
  'cost.CAT': 'CAT {rate} sin IVA. Para fines informativos y de comparación.',
  'cost.APR': 'Tasa anual (APR) {rate} con todos los cargos incluidos.',
  'offer.revised': 'Su oferta se actualizó: {amount} a {days} días. Estamos actualizando sus condiciones.',
  'late.tier': '{rate} diario del día {from} al día {to} de atraso',
  'late.tierOpen': '{rate} diario a partir del día {from} de atraso hasta el pago',
};

const catalogues: Record<Language, Record<LoanTextKey, string>> = { en, es };

export function loanText(language: Language, key: LoanTextKey, values: TemplateValues = {}): string {
  return fillTemplate(catalogues[language][key], values);
}
