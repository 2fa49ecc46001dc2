import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthDateVerdict,
  checkClabe,
  checkCurp,
  checkPan,
  clabeCheckDigit,
  curpBirthDate,
  curpCheckDigit,
  curpInitials,
  dateInTimeZone,
  isIfsc,
  isIndianAccountNumber,
  maskNationalId,
  maskTail,
  normaliseName,
  sameName,
} from './identity';

/** Gloria Hernández García, born 27 April 1956 in Veracruz: the CURP RENAPO uses as its published example. */
const GLORIA = { givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27' };
const GLORIA_CURP = 'HEGG560427MVZRRL04';

/** A CURP with its check digit worked out, for people whose example we build here. */
const withCheckDigit = (first17: string) => `${first17}${curpCheckDigit(first17)}`;

describe('CURP', () => {
  it('accepts a real CURP that matches the name and birth date', () => {
    expect(curpCheckDigit(GLORIA_CURP.slice(0, 17))).toBe(4);
    expect(checkCurp(GLORIA_CURP, GLORIA)).toBe('ok');
  });

  it('refuses a wrong shape, state or date', () => {
    expect(checkCurp('HEGG560427MVZRRL0', GLORIA)).toBe('format');
    expect(checkCurp('HEGG560427MXXRRL04', GLORIA)).toBe('format');
    expect(checkCurp('HEGG561327MVZRRL04', GLORIA)).toBe('format');
    expect(checkCurp('HEGG560427QVZRRL04', GLORIA)).toBe('format');
    expect(checkCurp('hegg560427mvzrrl04', GLORIA)).toBe('format');
  });

  it('refuses a mistyped character through the check digit', () => {
    expect(checkCurp('HEGG560427MVZRRL05', GLORIA)).toBe('check-digit');
    expect(checkCurp('HEGG560427MVZRRN04', GLORIA)).toBe('check-digit');
  });

  it('refuses a CURP whose birth date or initials are not the declared ones', () => {
    expect(checkCurp(GLORIA_CURP, { ...GLORIA, birthDate: '1956-04-28' })).toBe('birth-date');
    expect(checkCurp(GLORIA_CURP, { ...GLORIA, givenNames: 'María' })).toBe('name');
    expect(checkCurp(GLORIA_CURP, { ...GLORIA, secondSurname: 'López' })).toBe('name');
  });

  it('reads the century from the 17th character', () => {
    expect(curpBirthDate(GLORIA_CURP)).toBe('1956-04-27');
    expect(curpBirthDate('PEPJ050101HDFRRNA3')).toBe('2005-01-01');
  });

  it('takes the four letters as RENAPO does: particles, José and María, Ñ, a missing second surname', () => {
    expect(curpInitials({ givenNames: 'María Fernanda', firstSurname: 'de la Peña', secondSurname: 'Núñez' })).toBe('PENF');
    expect(curpInitials({ givenNames: 'José Luis', firstSurname: 'Ñúñez', secondSurname: 'Ruiz' })).toBe('XURL');
    expect(curpInitials({ givenNames: 'Juan', firstSurname: 'Pérez' })).toBe('PEXJ');
    // An inconvenient word has X in its second place.
    expect(curpInitials({ givenNames: 'Oscar', firstSurname: 'Puente', secondSurname: 'Torres' })).toBe('PXTO');
  });

  it('accepts a CURP of someone born after 2000 with a letter differentiator', () => {
    const curp = withCheckDigit('PEXJ050101HDFRRNA');
    expect(checkCurp(curp, { givenNames: 'Juan', firstSurname: 'Pérez', birthDate: '2005-01-01' })).toBe('ok');
  });
});

describe('PAN', () => {
  it('accepts a personal PAN and refuses other holders and shapes', () => {
    expect(checkPan('ABCPE1234F')).toBe('ok');
    expect(checkPan('AAACR5055K')).toBe('not-a-person');
    expect(checkPan('ABCPE1234')).toBe('format');
    expect(checkPan('ABCXE1234F')).toBe('format');
    expect(checkPan('1BCPE1234F')).toBe('format');
  });
});

describe('CLABE', () => {
  it('accepts a real-format CLABE of a known bank', () => {
    expect(clabeCheckDigit('00201007777777777')).toBe(1);
    expect(checkClabe('002010077777777771')).toEqual({ ok: true, bankCode: '002', bankName: 'BANAMEX' });
    const bbva = `01218000011835971${clabeCheckDigit('01218000011835971')}`;
    expect(checkClabe(bbva)).toMatchObject({ ok: true, bankName: 'BBVA MEXICO' });
  });

  it('refuses a wrong length, a wrong check digit and an unknown bank', () => {
    expect(checkClabe('00201007777777777')).toEqual({ ok: false, reason: 'format' });
    expect(checkClabe('00201007777777777A')).toEqual({ ok: false, reason: 'format' });
    expect(checkClabe('002010077777777772')).toEqual({ ok: false, reason: 'check-digit' });
    // 999 is nobody's participant code; its check digit is right.
    expect(checkClabe(`99918000011835971${clabeCheckDigit('99918000011835971')}`)).toEqual({ ok: false, reason: 'unknown-bank' });
  });
});

describe('Indian bank accounts', () => {
  it('checks the IFSC and the account number', () => {
    expect(isIfsc('SBIN0001234')).toBe(true);
    expect(isIfsc('HDFC0ABC123')).toBe(true);
    expect(isIfsc('SBIN1001234')).toBe(false);
    expect(isIfsc('SBI0001234')).toBe(false);
    expect(isIndianAccountNumber('50100123456789')).toBe(true);
    expect(isIndianAccountNumber('12345678')).toBe(false);
    expect(isIndianAccountNumber('0000000000')).toBe(false);
  });
});

describe('names, ages and masks', () => {
  it('compares names without accents, case, punctuation or word order', () => {
    expect(normaliseName('  José  Núñez-Pérez ')).toBe('JOSE NUNEZ PEREZ');
    expect(sameName('Priya Sharma', 'SHARMA PRIYA')).toBe(true);
    expect(sameName('Gloria Hernández García', 'gloria hernandez garcia')).toBe(true);
    expect(sameName('Gloria Hernández', 'Gloria Hernández García')).toBe(false);
    expect(sameName('', '')).toBe(false);
  });

  it('counts whole years and refuses the under-age, the unborn and the impossible', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(birthDateVerdict('2008-11-26', '2026-11-26', 18, 100)).toBe('ok');
    expect(birthDateVerdict('2008-11-27', '2026-11-26', 18, 100)).toBe('under-age');
    expect(birthDateVerdict('2027-01-01', '2026-11-26', 18, 100)).toBe('invalid');
    expect(birthDateVerdict('1900-01-01', '2026-11-26', 18, 100)).toBe('invalid');
    expect(birthDateVerdict('1990-02-30', '2026-11-26', 18, 100)).toBe('invalid');
  });

  it('takes today in the market’s time zone', () => {
    expect(dateInTimeZone(new Date('2026-11-27T03:00:00Z'), 'America/Mexico_City')).toBe('2026-11-26');
    expect(dateInTimeZone(new Date('2026-11-26T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-27');
  });

  it('masks ids and accounts', () => {
    expect(maskNationalId('curp', GLORIA_CURP)).toBe('HEGG************04');
    expect(maskNationalId('pan', 'ABCPE1234F')).toBe('******234F');
    expect(maskTail('002010077777777771', 4)).toBe('**************7771');
  });
});
