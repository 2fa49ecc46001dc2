import { describe, expect, it } from 'vitest';
import { runningTextParts } from './running-text';

const wholeOf = (text: string) => runningTextParts(text).filter((part) => part.whole).map((part) => part.text);

describe('runningTextParts', () => {
  it('keeps dates, amounts and long numbers whole, and the words between them as they are', () => {
    const note = 'Pague exactamente $375.30 con una de estas referencias. Si paga hoy, su próxima fecha de pago será el 2027-01-06; si su fecha ya pasó, los 7 días se cuentan desde el día en que pague.';
    expect(wholeOf(note)).toEqual(['$375.30', '2027-01-06']);
    expect(runningTextParts(note).map((part) => part.text).join('')).toBe(note);
    expect(wholeOf('Defer your payment by up to 7 days for ₹1,375.30: ₹40.60 for the extra days')).toEqual(['₹1,375.30', '₹40.60']);
    expect(wholeOf('Reference 9228 8987 1988 99, order LN-2027-0001')).toEqual(['9228 8987 1988 99', '2027-0001']);
  });

  it('leaves a sentence without numbers as one part', () => {
    expect(runningTextParts('Keep your receipt.')).toEqual([{ text: 'Keep your receipt.', whole: false }]);
  });
});
