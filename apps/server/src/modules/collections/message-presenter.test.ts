import { COLLECTION_SMS_KINDS } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { GSM7_ALPHABET } from '../../providers/sms/sms-text';
import { collectionMessageText, type CollectionMessage } from './message-presenter';

// The demo lenders' legal names (the longest we know), order numbers longer than ours, amounts in the millions.
const LENDERS = { MX: 'Demo Préstamos México, S.A. de C.V., SOFOM, E.N.R. (demo)', IN: 'Demo Lending Finance Pvt. Ltd. (demo)' } as const;
const orderNo = 'T'.repeat(20);

function messages(lender: string): CollectionMessage[] {
  const common = { lender, orderNo, owedMinor: 123_456_789 };
  return COLLECTION_SMS_KINDS.map((kind): CollectionMessage => {
    if (kind === 'collection-overdue') return { ...common, kind };
    if (kind === 'collection-call-us') return { ...common, kind, lenderPhone: '+52 55 1234 5678' };
    return { ...common, kind, promisedMinor: 98_765_432, promisedOn: '2026-11-27' };
  });
}

describe('collection SMS texts', () => {
  it('name the lender, the order and what is owed, in the GSM alphabet within two segments, in both markets', () => {
    for (const market of ['MX', 'IN'] as const) {
      for (const message of messages(`${LENDERS[market]} Álvaro Ú`)) {
        const text = collectionMessageText(message, market);
        expect({ text, fits: text.length <= 306 }).toEqual({ text, fits: true });
        expect([...text].filter((c) => !GSM7_ALPHABET.has(c))).toEqual([]);
        expect(text).toContain(orderNo);
        expect(text).not.toMatch(/https?:|www\./);
      }
    }
  });

  it('fits one segment for a lender with a short name', () => {
    for (const market of ['MX', 'IN'] as const) for (const message of messages('Lend')) expect(collectionMessageText(message, market).length).toBeLessThanOrEqual(160);
  });

  it('writes the promise day first and the amounts with the market grouping', () => {
    const promise = { lender: 'Lend', orderNo: 'A1', owedMinor: 123_456_00, promisedMinor: 5_000_00, promisedOn: '2026-11-27' } as const;
    expect(collectionMessageText({ ...promise, kind: 'promise-reminder' }, 'IN')).toBe('Lend: today 27/11/2026 you promised to pay Rs.5,000.00 for your loan A1. Amount owed: Rs.1,23,456.00. Pay in the app.');
    expect(collectionMessageText({ ...promise, kind: 'promise-reminder' }, 'MX')).toBe('Lend: hoy 27/11/2026 prometiste pagar $5,000.00 de tu préstamo A1. Adeudo: $123,456.00. Paga en la app.');
  });
});
