import { textLookup } from '../../plugins/language-texts';

/** The Key Facts Statement's own words in both languages; its figures come from the loan engine. */
const en = {
  'rate.body': '{dailyRate} a day ({annualRate} a year), fixed, on the loan amount for the whole term',
  'charge.processingFee': 'Processing fee ({rate} of the loan amount)',
  'charge.interestDiscount': 'Coupon discount on the interest',
  'charge.gst': 'GST ({rate}) on the interest and the processing fee',
  'payable.atPayout': 'One-time, deducted from the loan amount at payout',
  'payable.withRepayments': 'Paid with the repayments',
  'payable.offInterest': 'Taken off the interest',
  'officer': 'Grievance Redressal Officer of {company}',
  'item.coolingOff.title': 'Cooling-off (look-up) period',
  'item.coolingOff.body':
    'You may leave this loan within {days, plural, one {# day} other {# days}} of its payout by repaying the principal and the proportionate APR for the days you had it, without any penalty. During the period the payoff in the app quotes that amount; you may also write to the Grievance Redressal Officer or customer service.',
  'item.early.title': 'Foreclosure (early repayment)',
  'item.extension.title': 'Extension of the due date',
  'item.recovery.title': 'Recovery',
  'item.recovery.body':
    'Reminders come from the Lender itself, in the app and by SMS. Before any recovery agent acting for the Lender contacts you, the Lender sends you their name and contact details by SMS. No one may contact you before 8 am or after 7 pm, or use threats.',
  'item.grievance.title': 'Grievance redressal',
  'item.grievance.body':
    'Complaints go to the Grievance Redressal Officer ({email}, {phone}, {address}) or through the app’s complaint screen. If your complaint is not resolved within 30 days, you may complain to the RBI Ombudsman at https://cms.rbi.org.in.',
} as const satisfies Record<string, string>;

export type KeyFactsTextKey = keyof typeof en;

const es: Record<KeyFactsTextKey, string> = {
  'rate.body': '{dailyRate} diario ({annualRate} anual), fijo, sobre el monto del préstamo por todo el plazo',
  'charge.processingFee': 'Comisión por apertura ({rate} del monto del préstamo)',
  'charge.interestDiscount': 'Descuento del cupón sobre los intereses',
  'charge.gst': 'GST ({rate}) sobre los intereses y la comisión',
  'payable.atPayout': 'Única, se descuenta del monto del préstamo al desembolsar',
  'payable.withRepayments': 'Se paga con los pagos',
  'payable.offInterest': 'Se descuenta de los intereses',
  'officer': 'Oficial de atención de quejas de {company}',
  'item.coolingOff.title': 'Periodo de reflexión',
  'item.coolingOff.body':
    'Puede dejar este préstamo dentro de {days, plural, one {# día} other {# días}} desde su desembolso pagando el capital y la TAE proporcional a los días que lo tuvo, sin ninguna penalización. Durante el periodo, la liquidación en la app indica ese monto; también puede escribir al oficial de atención de quejas o a atención al cliente.',
  'item.early.title': 'Pago anticipado',
  'item.extension.title': 'Prórroga de la fecha de pago',
  'item.recovery.title': 'Cobranza',
  'item.recovery.body':
    'Los recordatorios llegan del propio Prestamista, en la aplicación y por SMS. Antes de que un agente de cobranza que actúe por el Prestamista lo contacte, el Prestamista le envía por SMS su nombre y sus datos de contacto. Nadie puede contactarlo antes de las 8:00 ni después de las 19:00, ni usar amenazas.',
  'item.grievance.title': 'Atención de quejas',
  'item.grievance.body':
    'Las quejas se dirigen al oficial de atención de quejas ({email}, {phone}, {address}) o a la pantalla de quejas de la aplicación. Si su queja no se resuelve en 30 días, puede acudir al Ombudsman del RBI en https://cms.rbi.org.in.',
};

export const keyFactsText = textLookup<KeyFactsTextKey>({ en, es });
