import { COLLECTION_SMS_KINDS } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { GSM7_ALPHABET } from '../../providers/sms/sms-text';
import { collectionMessageText, type CollectionMessage } from './message-presenter';

// The demo lenders' legal names (the longest we know), order numbers longer than ours, amounts in the millions.
const LENDERS = { MX: 'Demo Préstamos México, S.A. de C.V., SOFOM, E.N.R. (demo)', IN: 'Demo Lending Finance Pvt. Ltd. (demo)' } as const;
const orderNo = 'T'.repeat(20);

// The longest agency details the register takes a name and registration of.
const AGENCY = { name: 'Cobranza Justa Álvaro y Asociados, S.A. de C.V.', registration: 'REDECO-0042-2026', phone: '+52 55 5555 0101' };

function messages(lender: string, agency: typeof AGENCY | null = null): CollectionMessage[] {
  const common = { lender, orderNo, owedMinor: 123_456_789, agency };
  return COLLECTION_SMS_KINDS.map((kind): CollectionMessage => {
    if (kind === 'collection-overdue') return { ...common, kind };
    if (kind === 'collection-call-us') return { ...common, kind, lenderPhone: '+52 55 1234 5678' };
    if (kind === 'agency-notice') return { ...common, kind, agency: agency ?? AGENCY };
    return { ...common, kind, promisedMinor: 98_765_432, promisedOn: '2026-11-27' };
  });
}

describe('collection SMS texts', () => {
  it('name the lender, the order and what is owed, in the GSM alphabet within two segments, in both markets', () => {
    for (const market of ['MX', 'IN'] as const) {
      for (const message of [...messages(`${LENDERS[market]} Álvaro Ú`), ...messages(LENDERS[market], AGENCY)]) {
        const text = collectionMessageText(message, market);
        expect({ text, fits: text.length <= 306 }).toEqual({ text, fits: true });
        expect([...text].filter((c) => !GSM7_ALPHABET.has(c))).toEqual([]);
        expect(text).toContain(orderNo);
        expect(text).not.toMatch(/https?:|www\./);
      }
    }
  });

  it('fits one segment for a lender with a short name', () => {
    for (const market of ['MX', 'IN'] as const) {
      for (const message of messages('Lend').filter((each) => each.kind !== 'agency-notice')) expect(collectionMessageText(message, market).length).toBeLessThanOrEqual(160);
    }
  });

  it("names the agency collecting for the lender, and tells of a placement with the agency's registration and phone (docs/decisions/249)", () => {
    const agency = { name: 'Cobranza Justa', registration: 'REDECO-0042-2026', phone: '+52 55 5555 0101' };
    const overdue = { kind: 'collection-overdue', lender: 'Lend', orderNo: 'A1', owedMinor: 123_456_00, agency } as const;
    expect(collectionMessageText(overdue, 'MX')).toMatch(/^Cobranza Justa por cuenta de Lend: tu préstamo A1 tiene pagos vencidos/);
    expect(collectionMessageText({ ...overdue, agency: null }, 'MX')).toMatch(/^Lend: tu préstamo A1/);
    expect(collectionMessageText({ kind: 'agency-notice', lender: 'Lend', orderNo: 'A1', owedMinor: 0, agency }, 'MX')).toBe(
      'Lend: desde hoy Cobranza Justa gestiona el cobro de tu préstamo A1 por cuenta nuestra. Registro REDECO-0042-2026, tel. +52 55 5555 0101. Paga solo en la app.',
    );
    // India's agencies may have no registration: the notice gives the phone alone.
    const indian = { name: 'Fair Recovery', registration: '', phone: '+91 22 5555 0101' };
    expect(collectionMessageText({ kind: 'agency-notice', lender: 'Lend', orderNo: 'A1', owedMinor: 0, agency: indian }, 'IN')).toBe(
      'Lend: from today Fair Recovery collects your loan A1 on our behalf. Phone +91 22 5555 0101. Pay only in the app.',
    );
  });

  it('writes the promise day first and the amounts with the market grouping', () => {
    const promise = { lender: 'Lend', orderNo: 'A1', owedMinor: 123_456_00, promisedMinor: 5_000_00, promisedOn: '2026-11-27' } as const;
    expect(collectionMessageText({ ...promise, kind: 'promise-reminder' }, 'IN')).toBe('Lend: today 27/11/2026 you promised to pay Rs.5,000.00 for your loan A1. Amount owed: Rs.1,23,456.00. Pay in the app.');
    expect(collectionMessageText({ ...promise, kind: 'promise-reminder' }, 'MX')).toBe('Lend: hoy 27/11/2026 prometiste pagar $5,000.00 de tu préstamo A1. Adeudo: $123,456.00. Paga en la app.');
  });
});
