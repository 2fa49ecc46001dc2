import type { CollectionsPolicy, CreditPolicy, PaymentChannelUpdateRequest, ProductPricing } from '@lend/contracts';

export const CONFIGURATION_PATH = '/configuration';

/** The Configuration section's pages (docs/decisions/177–179, 230, 242), chosen by the address's `view`. */
export const CONFIG_VIEWS = ['products', 'channels', 'lender', 'complaint-types', 'promotions', 'delinquency', 'agencies'] as const;
export type ConfigViewName = (typeof CONFIG_VIEWS)[number];

export function configViewOf(param: string | null): ConfigViewName {
  return CONFIG_VIEWS.find((candidate) => candidate === param) ?? 'products';
}

/**
 * How a setting is typed: money in major units with up to two decimals, a rate in percent (stored
 * in parts per million), or a whole number (days, counts, points, years).
 */
export type FieldKind = 'money' | 'percent' | 'whole';
export type FieldSpec<K extends string> = { name: K; kind: FieldKind };

/** Typed money to minor units; zero is allowed (a channel may charge nothing), anything else malformed is null. */
export function minorFromText(typed: string): number | null {
  const match = /^(\d{1,11})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A typed percentage to parts per million: "5" is 50 000, "0.05" is 500; at most four decimals. */
export function ppmFromPercent(typed: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,4}))?$/.exec(typed.trim());
  if (!match) return null;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm <= 1_000_000 ? ppm : null;
}

export function wholeFromText(typed: string): number | null {
  return /^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : null;
}

/** A stored value as the form shows it. */
export function fieldText(kind: FieldKind, value: number): string {
  if (kind === 'money') return (value / 100).toFixed(2);
  if (kind === 'percent') return String(value / 10_000);
  return String(value);
}

const PARSE: Record<FieldKind, (typed: string) => number | null> = { money: minorFromText, percent: ppmFromPercent, whole: wholeFromText };

export type FormTexts<K extends string> = Record<K, string>;

export function textsOf<K extends string>(fields: readonly FieldSpec<K>[], values: Readonly<Record<K, number>>): FormTexts<K> {
  return Object.fromEntries(fields.map((field) => [field.name, fieldText(field.kind, values[field.name])])) as FormTexts<K>;
}

/** The form's values in stored units, or the first field that does not read as its kind. */
export function valuesOf<K extends string>(fields: readonly FieldSpec<K>[], texts: FormTexts<K>): { ok: true; values: Record<K, number> } | { ok: false; field: K } {
  const values = {} as Record<K, number>;
  for (const field of fields) {
    const value = PARSE[field.kind](texts[field.name]);
    if (value === null) return { ok: false, field: field.name };
    values[field.name] = value;
  }
  return { ok: true, values };
}

export const PRICING_FIELDS: readonly FieldSpec<keyof ProductPricing>[] = [
  { name: 'commissionPpm', kind: 'percent' },
  { name: 'interestPerDayPpm', kind: 'percent' },
  { name: 'taxPpm', kind: 'percent' },
  { name: 'minAmountMinor', kind: 'money' },
  { name: 'defaultAmountMinor', kind: 'money' },
  { name: 'maxAmountMinor', kind: 'money' },
  { name: 'minTermDays', kind: 'whole' },
  { name: 'termDays', kind: 'whole' },
  { name: 'maxTermDays', kind: 'whole' },
  { name: 'periods', kind: 'whole' },
  { name: 'maxExtensions', kind: 'whole' },
];

export const POLICY_FIELDS: readonly FieldSpec<keyof CreditPolicy>[] = [
  { name: 'minAgeYears', kind: 'whole' },
  { name: 'maxAgeYears', kind: 'whole' },
  { name: 'minMonthlyIncomeMinor', kind: 'money' },
  { name: 'maxDebtToIncomePpm', kind: 'percent' },
  { name: 'ceilingIncomePpm', kind: 'percent' },
  { name: 'ceilingBonusPerOnTimeLoanPpm', kind: 'percent' },
  { name: 'amountStepMinor', kind: 'money' },
  { name: 'seriousLatenessDays', kind: 'whole' },
  { name: 'approveFromPoints', kind: 'whole' },
  { name: 'referFromPoints', kind: 'whole' },
  { name: 'reapplyAfterDays', kind: 'whole' },
];

/** The collections policy's numbers; what a plan does with late charges is a choice of its own (docs/decisions/250). */
export type CollectionsPolicyNumber = Exclude<keyof CollectionsPolicy, 'planLateCharges'>;
export const COLLECTIONS_POLICY_FIELDS: readonly FieldSpec<CollectionsPolicyNumber>[] = [
  { name: 'writeOffDays', kind: 'whole' },
  { name: 'settlementSoloWaiverPercent', kind: 'whole' },
  { name: 'planMaxPerLoan', kind: 'whole' },
  { name: 'planMinDaysPastDue', kind: 'whole' },
  { name: 'planMaxInstallments', kind: 'whole' },
];

export const CHANNEL_FIELDS: readonly FieldSpec<Exclude<keyof PaymentChannelUpdateRequest, 'active'>>[] = [
  { name: 'feeMinor', kind: 'money' },
  { name: 'minAmountMinor', kind: 'money' },
  { name: 'maxAmountMinor', kind: 'money' },
];
