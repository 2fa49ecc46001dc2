import type { Language } from '@lend/contracts';
import { formatMinor } from '../../lib/format';

/** A ceiling in minor units as staff read it, in the product's currency, or a dash when the rules allowed none. */
export function formatCeiling(minor: number | null, language: Language, currency?: string): string {
  return minor === null ? '—' : formatMinor(minor, language, currency);
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
