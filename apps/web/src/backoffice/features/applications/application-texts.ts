import type { Language } from '@lend/contracts';
import { fieldLines } from '../../lib/field-changes';
import { formatMinor } from '../../lib/format';

/** A ceiling in minor units as staff read it, in the product's currency, or a dash when the rules allowed none. */
export function formatCeiling(minor: number | null, language: Language, currency?: string): string {
  return minor === null ? '—' : formatMinor(minor, language, currency);
}

/** The scorecard's inputs as lines to read, by name, a nested record's fields as `name.field` lines. */
export const inputLines = fieldLines;
