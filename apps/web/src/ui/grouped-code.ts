/** A code of digits this long or longer is shown in groups: shorter ones read well as they are. */
const GROUPED_FROM = 8;
const GROUP = 4;

/**
 * A long number shown for reading, in groups of four from its start (`9228 8987 1988 99`); a code
 * with anything but digits (a Razorpay id, an order's reference) is shown as it is.
 */
export function groupedCode(code: string): string {
  if (code.length < GROUPED_FROM || !/^\d+$/.test(code)) return code;
  return code.replace(new RegExp(`(\\d{${GROUP}})(?=\\d)`, 'g'), '$1 ');
}

/** What a copy of the grouped code puts on the clipboard: the code as the till or the bank takes it, without the spaces. */
export function copiedCode(selected: string): string {
  return selected.replace(/\s+/g, '');
}
