import { textLookup } from '../../plugins/language-texts';

/** The contract's clauses as the borrower reads them, in both languages; `{name}` placeholders are filled by `contractText`. */
const en = {
  'contract.pendingNo': '(assigned on confirming)',
  'clause.parties.title': 'Parties',
  'clause.parties.body':
    'This loan agreement, number {orderNo}, is made between {company} (the Lender) and {userName} (the Borrower) for the product {productName}.',
  'clause.amount.title': 'Amount and disbursal',
  'clause.amount.body':
    'The Lender lends {amount}. On paying out it deducts the opening commission of {commissionRate} ({commission}) and deposits {giveAmount} in the Borrower’s account.',
  'clause.term.title': 'Term and payments',
  'clause.term.body':
    'The term is {termDays} calendar days, counted from the day of disbursal, repaid in {periods, plural, one {# payment} other {# payments}}, one every {periodDays} days, as in the payment table.',
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
  'clause.late.fee':
    'If a payment is late, a one-off late fee of {newClient} is charged once for this loan, on the first day of delay ({repeatClient} for a Borrower who has repaid an earlier loan with the Lender).',
  'clause.late.tiers':
    'Each late payment also accrues late interest every day on its unpaid amount, never on earlier late charges: {tiers}.',
  'clause.late.flat':
    'This fee is a flat penal charge: no penal interest is charged, it is not added to the interest rate and it is never compounded.',
  'clause.late.cap': 'All late charges of this loan together never exceed {cap} ({capShare} of the loan amount).',
  'clause.early.title': 'Early repayment',
  'clause.early.body':
    'The Borrower may repay the whole loan early once {termShare} of its term has elapsed and not before {minDays} days from disbursal, that is from day {fromDay} after disbursal. The interest of the days not used, and its tax, is taken off.',
  'clause.early.anyTime':
    'The Borrower may repay the whole loan early at any time. The interest of the days not used, and its tax, is taken off.',
  'clause.extension.title': 'Extension',
  'clause.extension.body':
    'The Borrower may extend a payment date by {days} days, at most {times, plural, one {# time} other {# times}}, through the app, from {opensBefore} days before that date until {closesAfter} days after it. An extension costs {days} days’ interest on the loan amount with its tax ({charge}), plus the late charges owed, and takes effect once paid.',
  'clause.noExtension.body': 'This product does not allow extensions of payment dates.',
  'clause.acceptance.title': 'Acceptance',
  'clause.acceptance.body':
    'The Borrower accepts this agreement electronically by confirming the loan in the app. The Lender keeps the agreed text, the date and time and the address it was accepted from.',
} as const satisfies Record<string, string>;

export type ContractTextKey = keyof typeof en;

const es: Record<ContractTextKey, string> = {
  'contract.pendingNo': '(se asigna al confirmar)',
  'clause.parties.title': 'Partes',
  'clause.parties.body':
    'Este contrato de préstamo, número {orderNo}, se celebra entre {company} (el Prestamista) y {userName} (el Acreditado) para el producto {productName}.',
  'clause.amount.title': 'Monto y desembolso',
  'clause.amount.body':
    'El Prestamista presta {amount}. Al desembolsar descuenta la comisión por apertura de {commissionRate} ({commission}) y deposita {giveAmount} en la cuenta del Acreditado.',
  'clause.term.title': 'Plazo y pagos',
  'clause.term.body':
    'El plazo es de {termDays} días naturales contados desde el desembolso, pagadero en {periods, plural, one {# pago} other {# pagos}}, uno cada {periodDays} días, según la tabla de pagos.',
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
  'clause.late.fee':
    'Si un pago se retrasa, se cobra un cargo único por atraso de {newClient}, una sola vez por este préstamo, el primer día de atraso ({repeatClient} si el Acreditado ya pagó un préstamo anterior con el Prestamista).',
  'clause.late.tiers':
    'Cada pago vencido genera además interés moratorio diario sobre su monto no pagado, nunca sobre cargos anteriores: {tiers}.',
  'clause.late.flat':
    'Este cargo es fijo: no se cobra interés moratorio, no se suma a la tasa de interés y nunca se capitaliza.',
  'clause.late.cap': 'Todos los cargos por atraso de este préstamo juntos nunca superan {cap} ({capShare} del monto del préstamo).',
  'clause.early.title': 'Pago anticipado',
  'clause.early.body':
    'El Acreditado puede pagar todo el préstamo por anticipado una vez transcurrido {termShare} de su plazo y no antes de {minDays} días desde el desembolso, es decir, a partir del día {fromDay} después del desembolso. Se descuentan los intereses de los días no usados y su impuesto.',
  'clause.early.anyTime':
    'El Acreditado puede pagar todo el préstamo por anticipado en cualquier momento. Se descuentan los intereses de los días no usados y su impuesto.',
  'clause.extension.title': 'Prórroga',
  'clause.extension.body':
    'El Acreditado puede prorrogar una fecha de pago {days} días, como máximo {times} vez (veces), desde la aplicación, desde {opensBefore} días antes de esa fecha hasta {closesAfter} días después. Una prórroga cuesta {days} días de intereses sobre el monto del préstamo con su impuesto ({charge}), más los cargos por atraso adeudados, y surte efecto al pagarse.',
  'clause.noExtension.body': 'Este producto no admite prórrogas de las fechas de pago.',
  'clause.acceptance.title': 'Aceptación',
  'clause.acceptance.body':
    'El Acreditado acepta este contrato electrónicamente al confirmar el préstamo en la aplicación. El Prestamista conserva el texto aceptado, la fecha y hora y la dirección desde la que se aceptó.',
};

export const contractText = textLookup<ContractTextKey>({ en, es });
