import { fillTemplate, type Language, type TemplateValues } from '@lend/contracts';

/** What the extension (delay) screen says, in both languages; `{name}` placeholders are filled by `extensionText`. */
const en = {
  'delay.reviewer': 'Pay to extend your date',
  'delay.plan.remark': 'Was due {date}',
  'delay.notice':
    'Defer your payment by up to {days} days for {amount}: {fee} for the extra days (interest plus {tax}) and {late} of late charges owed.',
  'delay.noticeNoLate': 'Defer your payment by up to {days} days for {amount}: the interest for the extra days plus {tax}.',
  'delay.note':
    'Pay exactly {amount} with one of these references. Paid today, your next payment date becomes {date}; if your date has already passed, the {days} days count from the day you pay. Later payments move by as many days; what you owe on them does not change.',
};

export type ExtensionTextKey = keyof typeof en;

const es: Record<ExtensionTextKey, string> = {
  'delay.reviewer': 'Pague para prorrogar su fecha',
  'delay.plan.remark': 'Vencía el {date}',
  'delay.notice':
    'Prorrogue su pago hasta {days} días por {amount}: {fee} por los días adicionales (intereses más {tax}) y {late} de cargos por atraso adeudados.',
  'delay.noticeNoLate': 'Prorrogue su pago hasta {days} días por {amount}: los intereses de los días adicionales más {tax}.',
  'delay.note':
    'Pague exactamente {amount} con una de estas referencias. Si paga hoy, su próxima fecha de pago será el {date}; si su fecha ya pasó, los {days} días se cuentan desde el día en que pague. Los pagos siguientes se mueven los mismos días; lo que debe en ellos no cambia.',
};

const catalogues: Record<Language, Record<ExtensionTextKey, string>> = { en, es };

export function extensionText(language: Language, key: ExtensionTextKey, values: TemplateValues = {}): string {
  return fillTemplate(catalogues[language][key], values);
}
