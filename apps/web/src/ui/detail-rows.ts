/** A label and its value as the server sends them (a screen's `details` rows). */
export type TextValue = { text: string; value: string };

/** Rows whose value is empty or "0" say nothing and are not shown (docs/decisions/034). */
export function visibleRows<Row extends TextValue>(rows: readonly Row[]): Row[] {
  return rows.filter((row) => row.value.trim() !== '' && row.value.trim() !== '0');
}
