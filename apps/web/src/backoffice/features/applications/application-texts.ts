import type { Language } from '@lend/contracts';

/** A ceiling in minor units as staff read it, or a dash when the rules allowed none. */
export function formatCeiling(minor: number | null, language: Language): string {
  if (minor === null) return '—';
  return new Intl.NumberFormat(language === 'en' ? 'en-IN' : 'es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** The scorecard's inputs as lines to read, by name, a nested record's fields as `name.field` lines. */
export function inputLines(inputs: Readonly<Record<string, unknown>>, prefix = ''): { name: string; value: string }[] {
  return Object.keys(inputs)
    .sort()
    .flatMap((key) => {
      const name = `${prefix}${key}`;
      const value = inputs[key];
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return inputLines(value as Record<string, unknown>, `${name}.`);
      return [{ name, value: typeof value === 'string' ? value : (JSON.stringify(value) ?? '—') }];
    });
}

/**
 * The amount an officer typed, in major units with up to two decimals, as minor units; null when it
 * is not such an amount.
 */
export function minorFromTyped(typed: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}
