/** What a cell holds before it is written: text, a number, a yes/no, or nothing. */
export type CsvValue = string | number | boolean | null | undefined;

/** A spreadsheet reads the file as UTF-8 (accents and all) only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** What a spreadsheet would run as a formula when a cell starts with it (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell as RFC 4180 writes it (quoted when it holds a quote, a comma or a line break, quotes
 * doubled), text a spreadsheet would run as a formula first prefixed with `'` unless it is a number
 * (docs/decisions/237).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, its line ended by CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** An amount in minor units as decimal major units (`4750.00`), without floating point. */
export function majorUnits(minor: number | null | undefined): string | null {
  if (minor === null || minor === undefined) return null;
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
