import { textLookup } from '../../plugins/language-texts';

/** What the borrower reads about their receipts and a settled loan's closing statement, in both languages. */
const en = {
  'receipt.title.repayment': 'Payment of {amount}',
  'receipt.title.extension': 'Extension payment of {amount}',
  'receipt.line.lateCharges': 'Late charges',
  'receipt.line.tax': 'IVA, payment {seq}',
  'receipt.line.taxIn': 'GST, payment {seq}',
  'receipt.line.interest': 'Interest, payment {seq}',
  'receipt.line.principal': 'Principal, payment {seq}',
  'receipt.line.extensionFee': 'Extension charge',
  'receipt.line.rebate': 'Interest not yet earned, taken off (early repayment)',
  'receipt.line.credit': 'Paid beyond what was owed (in your favour)',
  'receipt.line.balanceAfter': 'Still owed after this payment',
  'payments.settled': 'Repaid in full on {date}. Thank you!',
  'payments.empty': 'No payments yet.',
  'receipt.channel.transfer': 'Bank transfer',
  'receipt.channel.other': 'Other',
  'closing.opening': 'Loan {orderNo} is closed: it was repaid in full on {date}.',
  'closing.paid': 'You paid {total} in {count} payment(s): {parts}.',
  'closing.part.principal': '{amount} of principal',
  'closing.part.interest': '{amount} of interest',
  'closing.part.tax': '{amount} of IVA',
  'closing.part.taxIn': '{amount} of GST',
  'closing.part.lateCharges': '{amount} of late charges',
  'closing.part.extensionFee': '{amount} of extension charges',
  'closing.rebate': '{amount} of interest not yet earned was taken off for repaying early.',
  'closing.credit': '{amount} paid beyond what was owed is in your favour; customer service will return it.',
  'closing.end': 'Nothing more is owed on this loan. Keep this statement as proof.',
} as const satisfies Record<string, string>;

export type PaymentTextKey = keyof typeof en;

const es: Record<PaymentTextKey, string> = {
  'receipt.title.repayment': 'Pago de {amount}',
  'receipt.title.extension': 'Pago de prórroga de {amount}',
  'receipt.line.lateCharges': 'Cargos por atraso',
  'receipt.line.tax': 'IVA, pago {seq}',
  'receipt.line.taxIn': 'GST, pago {seq}',
  'receipt.line.interest': 'Intereses, pago {seq}',
  'receipt.line.principal': 'Capital, pago {seq}',
  'receipt.line.extensionFee': 'Cargo por prórroga',
  'receipt.line.rebate': 'Intereses aún no devengados, descontados (pago anticipado)',
  'receipt.line.credit': 'Pagado de más (saldo a su favor)',
  'receipt.line.balanceAfter': 'Saldo pendiente después de este pago',
  'payments.settled': 'Pagado en su totalidad el {date}. ¡Gracias!',
  'payments.empty': 'Aún no hay pagos.',
  'receipt.channel.transfer': 'Transferencia bancaria',
  'receipt.channel.other': 'Otro',
  'closing.opening': 'El préstamo {orderNo} está cerrado: se pagó en su totalidad el {date}.',
  'closing.paid': 'Usted pagó {total} en {count} pago(s): {parts}.',
  'closing.part.principal': '{amount} de capital',
  'closing.part.interest': '{amount} de intereses',
  'closing.part.tax': '{amount} de IVA',
  'closing.part.taxIn': '{amount} de GST',
  'closing.part.lateCharges': '{amount} de cargos por atraso',
  'closing.part.extensionFee': '{amount} de cargos por prórroga',
  'closing.rebate': 'Se descontaron {amount} de intereses aún no devengados por pagar por anticipado.',
  'closing.credit': 'Los {amount} pagados de más son a su favor; atención al cliente se los devolverá.',
  'closing.end': 'No se adeuda nada más por este préstamo. Conserve este estado de cuenta como comprobante.',
};

export const paymentText = textLookup<PaymentTextKey>({ en, es });
