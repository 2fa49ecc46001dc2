/** A label and its value as the server sends them (spec §3 `details`). */
export type TextValue = { text: string; value: string };

/** Rows whose value is empty or "0" say nothing and are not shown (spec §2 'Loan order details'). */
export function visibleRows<Row extends TextValue>(rows: readonly Row[]): Row[] {
  return rows.filter((row) => row.value.trim() !== '' && row.value.trim() !== '0');
}
