import { fillTemplate, type Language, type TemplateValues } from '@lend/contracts';

/** What the borrower reads about paying their loan off early, in both languages. */
const en = {
  'payoff.title': 'Pay off your loan',
  'payoff.allowed': 'Pay {amount} today to repay your loan in full.',
  'payoff.allowedRebate': 'Pay {amount} today to repay your loan in full: {rebate} of interest not yet earned is taken off.',
  'payoff.beforeShareOfTerm': 'You can repay the whole loan early from {date}, once {share} of its term has passed.',
  'payoff.tooSoonAfterPayout': 'You can repay the whole loan early from {date}, {days} days after it was paid out.',
  'payoff.row.outstanding': 'Total owed',
  'payoff.row.rebate': 'Interest not yet earned, with its tax',
  'payoff.row.payoff': 'To pay today',
  'payoff.row.allowedFrom': 'Early repayment from',
} as const satisfies Record<string, string>;

export type PayoffTextKey = keyof typeof en;

const es: Record<PayoffTextKey, string> = {
  'payoff.title': 'Liquide su préstamo',
  'payoff.allowed': 'Pague {amount} hoy para liquidar su préstamo.',
  'payoff.allowedRebate': 'Pague {amount} hoy para liquidar su préstamo: se descuentan {rebate} de intereses aún no devengados.',
  'payoff.beforeShareOfTerm': 'Puede liquidar todo el préstamo por anticipado desde el {date}, una vez transcurrido el {share} de su plazo.',
  'payoff.tooSoonAfterPayout': 'Puede liquidar todo el préstamo por anticipado desde el {date}, {days} días después del desembolso.',
  'payoff.row.outstanding': 'Total adeudado',
  'payoff.row.rebate': 'Intereses aún no devengados, con su impuesto',
  'payoff.row.payoff': 'A pagar hoy',
  'payoff.row.allowedFrom': 'Pago anticipado desde',
};

const catalogues: Record<Language, Record<PayoffTextKey, string>> = { en, es };

export function payoffText(language: Language, key: PayoffTextKey, values: TemplateValues = {}): string {
  return fillTemplate(catalogues[language][key], values);
}
