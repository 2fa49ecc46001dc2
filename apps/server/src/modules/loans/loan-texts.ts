import { fillTemplate, type Language, type TemplateValues } from '@lend/contracts';

/**
 * What the server writes for borrowers about loans (detail labels, the annual-cost line, the
 * contract), in both languages. `{name}` placeholders are filled by `loanText`.
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
  'row.penalty': 'Late charge',
  'row.penaltyValue': '{rate} a day on the late amount',
  'row.disbursedOn': 'Paid out on',
  'row.nextDue': 'Next payment date',
  'row.amountDue': 'Amount due now',
  'row.penaltyAccrued': 'Late charges so far',
  'row.settledOn': 'Repaid on',
  'cost.CAT': 'CAT {rate} without IVA. For information and comparison purposes.',
  'cost.APR': 'APR {rate} a year (all charges included, as in the Key Facts Statement).',
  'offer.revised': 'Your offer has been updated: {amount} for {days} days. We are refreshing your terms.',
  'contract.pendingNo': '(assigned on confirming)',
  'clause.parties.title': 'Parties',
  'clause.parties.body':
    'This loan agreement, number {orderNo}, is made between {company} (the Lender) and {userName} (the Borrower) for the product {productName}.',
  'clause.amount.title': 'Amount and disbursal',
  'clause.amount.body':
    'The Lender lends {amount}. On paying out it deducts the opening commission of {commissionRate} ({commission}) and deposits {giveAmount} in the Borrower’s account.',
  'clause.term.title': 'Term and payments',
  'clause.term.body':
    'The term is {termDays} calendar days, counted from the day of disbursal, repaid in {periods} payment(s), one every {periodDays} days, as in the payment table.',
  'clause.interest.title': 'Interest',
  'clause.interest.body':
    'Ordinary interest is {dailyRate} a day ({annualRate} a year on a 360-day year) on the loan amount for the whole term: {interest}.',
  'clause.discount.body': 'A coupon takes {discount} off the interest.',
  'clause.tax.title': 'Taxes',
  'clause.tax.body': 'IVA of {taxRate} applies to the interest and the commission: {tax}.',
  'clause.taxIn.body': 'GST of {taxRate} applies to the interest and the commission: {tax}.',
  'clause.total.title': 'Total to repay',
  'clause.total.body': 'The Borrower repays {total} in all: the loan amount, the interest and the taxes.',
  'clause.cost.title': 'Annual cost',
  'clause.schedule.title': 'Payment table',
  'clause.schedule.line': 'Payment {seq} of {periods}: {amount} on day {dueDay} after disbursal.',
  'clause.late.title': 'Late payment',
  'clause.late.body':
    'A payment not made on its date accrues a late charge of {penaltyRate} a day on its unpaid amount, never on earlier late charges, up to at most the loan amount in all.',
  'clause.extension.title': 'Extension',
  'clause.extension.body':
    'The Borrower may extend a payment date by up to {days} days, at most {times} time(s), through the app.',
  'clause.noExtension.body': 'This product does not allow extensions of payment dates.',
  'clause.acceptance.title': 'Acceptance',
  'clause.acceptance.body':
    'The Borrower accepts this agreement electronically by confirming the loan in the app. The Lender keeps the agreed text, the date and time and the address it was accepted from.',
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
  'row.penalty': 'Cargo por atraso',
  'row.penaltyValue': '{rate} diario sobre el monto vencido',
  'row.disbursedOn': 'Fecha de desembolso',
  'row.nextDue': 'Próxima fecha de pago',
  'row.amountDue': 'Monto a pagar ahora',
  'row.penaltyAccrued': 'Cargos por atraso acumulados',
  'row.settledOn': 'Fecha de liquidación',
  'cost.CAT': 'CAT {rate} sin IVA. Para fines informativos y de comparación.',
  'cost.APR': 'Tasa anual (APR) {rate} con todos los cargos incluidos.',
  'offer.revised': 'Su oferta se actualizó: {amount} a {days} días. Estamos actualizando sus condiciones.',
  'contract.pendingNo': '(se asigna al confirmar)',
  'clause.parties.title': 'Partes',
  'clause.parties.body':
    'Este contrato de préstamo, número {orderNo}, se celebra entre {company} (el Prestamista) y {userName} (el Acreditado) para el producto {productName}.',
  'clause.amount.title': 'Monto y desembolso',
  'clause.amount.body':
    'El Prestamista presta {amount}. Al desembolsar descuenta la comisión por apertura de {commissionRate} ({commission}) y deposita {giveAmount} en la cuenta del Acreditado.',
  'clause.term.title': 'Plazo y pagos',
  'clause.term.body':
    'El plazo es de {termDays} días naturales contados desde el desembolso, pagadero en {periods} pago(s), uno cada {periodDays} días, según la tabla de pagos.',
  'clause.interest.title': 'Intereses',
  'clause.interest.body':
    'El interés ordinario es de {dailyRate} diario ({annualRate} anual sobre un año de 360 días) sobre el monto del préstamo por todo el plazo: {interest}.',
  'clause.discount.body': 'Un cupón descuenta {discount} de los intereses.',
  'clause.tax.title': 'Impuestos',
  'clause.tax.body': 'Se aplica IVA de {taxRate} sobre los intereses y la comisión: {tax}.',
  'clause.taxIn.body': 'Se aplica GST de {taxRate} sobre los intereses y la comisión: {tax}.',
  'clause.total.title': 'Total a pagar',
  'clause.total.body': 'El Acreditado paga {total} en total: el monto del préstamo, los intereses y los impuestos.',
  'clause.cost.title': 'Costo anual',
  'clause.schedule.title': 'Tabla de pagos',
  'clause.schedule.line': 'Pago {seq} de {periods}: {amount} el día {dueDay} después del desembolso.',
  'clause.late.title': 'Pago tardío',
  'clause.late.body':
    'Un pago no cubierto en su fecha genera un cargo por atraso de {penaltyRate} diario sobre su monto no pagado, nunca sobre cargos anteriores, hasta un máximo total igual al monto del préstamo.',
  'clause.extension.title': 'Prórroga',
  'clause.extension.body':
    'El Acreditado puede prorrogar una fecha de pago hasta {days} días, como máximo {times} vez (veces), desde la aplicación.',
  'clause.noExtension.body': 'Este producto no admite prórrogas de las fechas de pago.',
  'clause.acceptance.title': 'Aceptación',
  'clause.acceptance.body':
    'El Acreditado acepta este contrato electrónicamente al confirmar el préstamo en la aplicación. El Prestamista conserva el texto aceptado, la fecha y hora y la dirección desde la que se aceptó.',
};

const catalogues: Record<Language, Record<LoanTextKey, string>> = { en, es };

export function loanText(language: Language, key: LoanTextKey, values: TemplateValues = {}): string {
  return fillTemplate(catalogues[language][key], values);
}
