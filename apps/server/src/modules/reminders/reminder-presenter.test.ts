import { describe, expect, it } from 'vitest';
import { GSM7_ALPHABET } from '../../providers/sms/sms-text';
import { REPLY_CHARS, reminderText, type ReminderMessage } from './reminder-presenter';

const GSM7 = GSM7_ALPHABET;

// Order numbers longer than ours (LN, the date and 8 digits: 18), and amounts in the millions.
const orderNo = 'T'.repeat(20);
const messages: ReminderMessage[] = [
  { kind: 'due-soon', orderNo, amountMinor: 123_456_789, dueDate: '2026-11-27' },
  { kind: 'due-today', orderNo, amountMinor: 123_456_789, dueDate: '2026-11-27' },
  { kind: 'payment-applied', orderNo, amountMinor: 123_456_789, receiptNo: `${orderNo}-12`, balanceAfterMinor: 123_456_789 },
  { kind: 'extension-granted', orderNo, newDueDate: '2026-12-04' },
  { kind: 'loan-settled', orderNo },
];

describe('reminder texts', () => {
  it('fit one SMS segment in the GSM alphabet, in both markets', () => {
    for (const market of ['MX', 'IN'] as const) {
      for (const message of messages) {
        const text = reminderText(message, market);
        expect({ text, length: text.length <= 160 }).toEqual({ text, length: true });
        expect([...text].filter((c) => !GSM7.has(c))).toEqual([]);
      }
    }
  });

  it('writes dates day first and amounts with the market grouping', () => {
    expect(reminderText({ kind: 'due-soon', orderNo: 'A1', amountMinor: 123_456_00, dueDate: '2026-11-27' }, 'IN')).toContain('Rs.1,23,456.00 of your loan A1 is due on 27/11/2026');
    expect(reminderText({ kind: 'due-soon', orderNo: 'A1', amountMinor: 123_456_00, dueDate: '2026-11-27' }, 'MX')).toContain('$123,456.00 del préstamo A1 vence el 27/11/2026');
  });

  it("shortens a long reply of the lender", () => {
    const text = reminderText({ kind: 'complaint-replied', orderNo: 'A1', folio: 'RC00000001', replyText: 'x'.repeat(1_000) }, 'MX');
    expect(text).toBe(`Respuesta a tu queja RC00000001 (préstamo A1): ${'x'.repeat(REPLY_CHARS - 3)}...`);
  });
});
