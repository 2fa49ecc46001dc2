import { fillTemplate, type Language, type TemplateValues } from '@lend/contracts';

/**
 * What the repayment screens say, in both languages: where and how to pay, the payoff and the
 * extension (delay) screen. `{name}` placeholders are filled by `repaymentText`.
 */
const en = {
  'pay.group.store': 'Pay in cash at a store',
  'pay.group.bank': 'Pay by bank transfer',
  'pay.group.upi': 'Pay by UPI',
  'pay.desc.store': '{name}: show the barcode or give the reference at the till.',
  'pay.desc.bank': '{name}: transfer to this account from your bank app.',
  'pay.desc.upi': '{name}: scan the QR code or pay with your UPI app.',
  'pay.row.installment': 'Payment {n} of {total}',
  'pay.row.principal': 'Principal',
  'pay.row.interest': 'Interest',
  'pay.row.tax': 'IVA',
  'pay.row.taxIn': 'GST',
  'pay.row.outstanding': 'Still owed in all',
  'pay.notice': 'Payments made with your reference are applied to this loan. Keep your receipt.',
  'pay.title.repayment': 'Pay {amount} at {name}',
  'pay.title.extension': 'Pay {amount} at {name} to extend your date',
  'pay.description': 'This reference is for order {orderNo} and this amount only. Pay exactly {amount}.',
  'pay.steps': 'How to pay',
  'pay.store.1': 'Go to any {name} store.',
  'pay.store.2': 'Tell the cashier you want to make a payment to {company}.',
  'pay.store.3': 'Show the barcode or read out the reference.',
  'pay.store.4': 'Pay exactly {amount} in cash and keep your receipt.',
  'pay.bank.1': 'Open your bank app and choose a transfer.',
  'pay.bank.2': 'Use the reference as the destination account, with {company} as beneficiary.',
  'pay.bank.3': 'Transfer exactly {amount}.',
  'pay.bank.4': 'Keep the transfer receipt.',
  'pay.account.2': 'Send it to the account shown above, held by {holder}.',
  'pay.upi.1': 'Open any UPI app (BHIM, Google Pay, PhonePe, Paytm or your bank’s).',
  'pay.upi.2': 'Scan the QR code above, or on this phone tap the button to open your UPI app.',
  'pay.upi.3': 'Check that the amount is {amount} and approve with your UPI PIN.',
  'pay.upi.4': 'Keep the confirmation your UPI app shows.',
  'pay.mind': 'Keep in mind',
  'pay.mind.1': 'The reference is yours alone: do not share it.',
  'pay.mind.2': 'The payment is applied to order {orderNo}.',
  'pay.where': 'Where to pay',
  'pay.fees': 'See the fees each place charges',
  'payoff.title': 'Pay off your loan',
  'payoff.allowed': 'Pay {amount} today to repay your loan in full.',
  'payoff.allowedRebate': 'Pay {amount} today to repay your loan in full: {rebate} of interest not yet earned is taken off.',
  'payoff.beforeShareOfTerm': 'You can repay the whole loan early from {date}, once {share} of its term has passed.',
  'payoff.tooSoonAfterPayout': 'You can repay the whole loan early from {date}, {days} days after it was paid out.',
  'payoff.row.outstanding': 'Total owed',
  'payoff.row.rebate': 'Interest not yet earned, with its tax',
  'payoff.row.payoff': 'To pay today',
  'payoff.row.allowedFrom': 'Early repayment from',
  'payoff.lookUp':
    'Look-up period exit: until {date} you may leave this loan without any penalty by paying {amount}, the principal and the APR for the days you had it.',
  'payoff.row.lookUpRebate': 'Charges taken off in the look-up period',
  'payoff.row.lookUpUntil': 'Look-up period until',
  'delay.reviewer': 'Pay to extend your date',
  'delay.plan.remark': 'Was due {date}',
  'delay.notice':
    'Defer your payment by up to {days} days for {amount}: {fee} for the extra days (interest plus {tax}) and {late} of late charges owed.',
  'delay.noticeNoLate': 'Defer your payment by up to {days} days for {amount}: the interest for the extra days plus {tax}.',
  'delay.note':
    'Pay exactly {amount} with one of these references. Paid today, your next payment date becomes {date}; if your date has already passed, the {days} days count from the day you pay. Later payments move by as many days; what you owe on them does not change.',
} as const satisfies Record<string, string>;

export type RepaymentTextKey = keyof typeof en;

const es: Record<RepaymentTextKey, string> = {
  'pay.group.store': 'Pague en efectivo en tienda',
  'pay.group.bank': 'Pague por transferencia bancaria',
  'pay.group.upi': 'Pague por UPI',
  'pay.desc.store': '{name}: muestre el código de barras o dé la referencia en caja.',
  'pay.desc.bank': '{name}: transfiera a esta cuenta desde la aplicación de su banco.',
  'pay.desc.upi': '{name}: escanee el código QR o pague con su aplicación UPI.',
  'pay.row.installment': 'Pago {n} de {total}',
  'pay.row.principal': 'Capital',
  'pay.row.interest': 'Intereses',
  'pay.row.tax': 'IVA',
  'pay.row.taxIn': 'GST',
  'pay.row.outstanding': 'Total pendiente',
  'pay.notice': 'Los pagos hechos con su referencia se aplican a este préstamo. Conserve su comprobante.',
  'pay.title.repayment': 'Pague {amount} en {name}',
  'pay.title.extension': 'Pague {amount} en {name} para prorrogar su fecha',
  'pay.description': 'Esta referencia es solo para el pedido {orderNo} y este monto. Pague exactamente {amount}.',
  'pay.steps': 'Cómo pagar',
  'pay.store.1': 'Acuda a cualquier tienda {name}.',
  'pay.store.2': 'Diga en caja que quiere hacer un pago a {company}.',
  'pay.store.3': 'Muestre el código de barras o dicte la referencia.',
  'pay.store.4': 'Pague exactamente {amount} en efectivo y conserve su comprobante.',
  'pay.bank.1': 'Abra la aplicación de su banco y elija una transferencia.',
  'pay.bank.2': 'Use la referencia como cuenta de destino, con {company} como beneficiario.',
  'pay.bank.3': 'Transfiera exactamente {amount}.',
  'pay.bank.4': 'Conserve el comprobante de la transferencia.',
  'pay.account.2': 'Envíela a la cuenta indicada arriba, a nombre de {holder}.',
  'pay.upi.1': 'Abra cualquier aplicación UPI (BHIM, Google Pay, PhonePe, Paytm o la de su banco).',
  'pay.upi.2': 'Escanee el código QR de arriba o, en este teléfono, toque el botón para abrir su aplicación UPI.',
  'pay.upi.3': 'Compruebe que el monto sea {amount} y autorice con su PIN de UPI.',
  'pay.upi.4': 'Conserve la confirmación que muestra su aplicación UPI.',
  'pay.mind': 'Tenga en cuenta',
  'pay.mind.1': 'La referencia es solo suya: no la comparta.',
  'pay.mind.2': 'El pago se aplica al pedido {orderNo}.',
  'pay.where': 'Dónde pagar',
  'pay.fees': 'Vea la comisión que cobra cada lugar',
  'payoff.title': 'Liquide su préstamo',
  'payoff.allowed': 'Pague {amount} hoy para liquidar su préstamo.',
  'payoff.allowedRebate': 'Pague {amount} hoy para liquidar su préstamo: se descuentan {rebate} de intereses aún no devengados.',
  'payoff.beforeShareOfTerm': 'Puede liquidar todo el préstamo por anticipado desde el {date}, una vez transcurrido el {share} de su plazo.',
  'payoff.tooSoonAfterPayout': 'Puede liquidar todo el préstamo por anticipado desde el {date}, {days} días después del desembolso.',
  'payoff.row.outstanding': 'Total adeudado',
  'payoff.row.rebate': 'Intereses aún no devengados, con su impuesto',
  'payoff.row.payoff': 'A pagar hoy',
  'payoff.row.allowedFrom': 'Pago anticipado desde',
  'payoff.lookUp':
    'Salida en el periodo de reflexión: hasta el {date} puede dejar este préstamo sin ninguna penalización pagando {amount}, el capital y la TAE de los días que lo tuvo.',
  'payoff.row.lookUpRebate': 'Cargos descontados en el periodo de reflexión',
  'payoff.row.lookUpUntil': 'Periodo de reflexión hasta',
  'delay.reviewer': 'Pague para prorrogar su fecha',
  'delay.plan.remark': 'Vencía el {date}',
  'delay.notice':
    'Prorrogue su pago hasta {days} días por {amount}: {fee} por los días adicionales (intereses más {tax}) y {late} de cargos por atraso adeudados.',
  'delay.noticeNoLate': 'Prorrogue su pago hasta {days} días por {amount}: los intereses de los días adicionales más {tax}.',
  'delay.note':
    'Pague exactamente {amount} con una de estas referencias. Si paga hoy, su próxima fecha de pago será el {date}; si su fecha ya pasó, los {days} días se cuentan desde el día en que pague. Los pagos siguientes se mueven los mismos días; lo que debe en ellos no cambia.',
};

const catalogues: Record<Language, Record<RepaymentTextKey, string>> = { en, es };

export function repaymentText(language: Language, key: RepaymentTextKey, values: TemplateValues = {}): string {
  return fillTemplate(catalogues[language][key], values);
}
