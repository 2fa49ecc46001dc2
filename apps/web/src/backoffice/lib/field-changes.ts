/**
 * A record's fields as lines, nested records flattened with dotted names (`pricing.minAmountMinor`),
 * sorted by name; a list or a leaf is one line, written as text.
 */
export function fieldLines(record: Readonly<Record<string, unknown>>): { name: string; value: string }[] {
  return leaves(record, '').map(({ name, value }) => ({ name, value: asText(value) }));
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '—'));

function leaves(record: Readonly<Record<string, unknown>>, prefix: string): { name: string; value: unknown }[] {
  return Object.keys(record)
    .sort()
    .flatMap((key) => {
      const name = `${prefix}${key}`;
      const value = record[key];
      return isRecord(value) ? leaves(value, `${name}.`) : [{ name, value }];
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One field an audited action changed: its dotted name and its text before and after; null where it had none. */
export type FieldChange = { field: string; before: string | null; after: string | null };

/** A before or after of an audit entry as named lines, a field that is null left out (it had none); a bare value (not a record) is one line of no name. */
function linesOf(value: unknown): Map<string, string> {
  if (value === null || value === undefined) return new Map();
  if (!isRecord(value)) return new Map([['', asText(value)]]);
  return new Map(leaves(value, '').flatMap(({ name, value: leaf }) => (leaf === null || leaf === undefined ? [] : [[name, asText(leaf)] as const])));
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
