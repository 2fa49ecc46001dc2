/**
 * A record's fields as lines, nested records flattened with dotted names (`pricing.minAmountMinor`),
 * sorted by name; a list or a leaf is one line, written as text.
 */
export function fieldLines(record: Readonly<Record<string, unknown>>, prefix = ''): { name: string; value: string }[] {
  return Object.keys(record)
    .sort()
    .flatMap((key) => {
      const name = `${prefix}${key}`;
      const value = record[key];
      if (isRecord(value)) return fieldLines(value, `${name}.`);
      return [{ name, value: typeof value === 'string' ? value : (JSON.stringify(value) ?? '—') }];
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One field an audited action changed: its dotted name and its text before and after; null where it had none. */
export type FieldChange = { field: string; before: string | null; after: string | null };

/** A before or after of an audit entry as named lines; a bare value (not a record) is one line of no name. */
function linesOf(value: unknown): Map<string, string> {
  if (value === null || value === undefined) return new Map();
  if (isRecord(value)) return new Map(fieldLines(value).map((line) => [line.name, line.value]));
  return new Map([['', typeof value === 'string' ? value : JSON.stringify(value)]]);
}

/**
 * What an audited action changed, field by field (docs/decisions/235): only the fields whose value
 * differs between before and after, a field missing on one side shown as none, in field order.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = linesOf(before);
  const now = linesOf(after);
  const names = [...new Set([...old.keys(), ...now.keys()])].sort();
  return names.flatMap((field) => {
    const was = old.get(field) ?? null;
    const is = now.get(field) ?? null;
    return was === is ? [] : [{ field, before: was, after: is }];
  });
}
