import { daysBetween, type IsoDate } from './dates';

/**
 * Identity rules of the borrower's certification (docs/decisions/135): each market's national id
 * and the checks that tie it to the name and birth date the borrower declared. Pure functions:
 * the server decides what to refuse from the verdicts they give.
 */

/** Upper case, accents and punctuation gone, one space between words: how names are compared. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    // Ñ keeps its identity through NFD as N + tilde; both markets compare it as N.
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^A-Z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether two names are the same person's as written on two documents: the same words, in any order. */
export function sameName(a: string, b: string): boolean {
  const words = (name: string) => normaliseName(name).split(' ').filter(Boolean).sort().join(' ');
  const left = words(a);
  return left.length > 0 && left === words(b);
}

/** Whole years from `birthDate` to `today` (a birthday counts from its own day; 29 February from 1 March in other years). */
export function ageOn(birthDate: IsoDate, today: IsoDate): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A real calendar date `YYYY-MM-DD` (no 31 April, no 29 February outside leap years). */
export function isCalendarDate(value: string): value is IsoDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** A date of birth a borrower can have on `today`: not in the future and at most `maxYears` ago. */
export function birthDateVerdict(birthDate: string, today: IsoDate, minYears: number, maxYears: number): 'ok' | 'invalid' | 'under-age' {
  if (!isCalendarDate(birthDate) || daysBetween(birthDate, today) < 0) return 'invalid';
  const age = ageOn(birthDate, today);
  if (age > maxYears) return 'invalid';
  return age < minYears ? 'under-age' : 'ok';
}

// ---- Mexico: CURP ----

/** RENAPO's state codes, with NE for people born abroad. */
const CURP_STATES = new Set([
  'AS', 'BC', 'BS', 'CC', 'CL', 'CM', 'CS', 'CH', 'DF', 'DG', 'GT', 'GR', 'HG', 'JC', 'MC', 'MN', 'MS', 'NT', 'NL',
  'OC', 'PL', 'QT', 'QR', 'SP', 'SL', 'SR', 'TC', 'TS', 'TL', 'VZ', 'YN', 'ZS', 'NE',
]);

/** Four letters, birth date, sex (H, M, or X since 2022), state, three inner consonants, differentiator, check digit. */
const CURP_SHAPE = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/;

/** The order RENAPO's check digit counts characters in (Ñ between N and O). */
const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** The check digit of a CURP's first 17 characters. */
export function curpCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += CURP_ALPHABET.indexOf(first17.charAt(i)) * (18 - i);
  return (10 - (sum % 10)) % 10;
}

/** Words RENAPO does not let the four letters spell: their second letter becomes X. */
const CURP_INCONVENIENT = new Set([
  'BACA', 'BAKA', 'BUEI', 'BUEY', 'CACA', 'CACO', 'CAGA', 'CAGO', 'CAKA', 'CAKO', 'COGE', 'COGI', 'COJA', 'COJE', 'COJI',
  'COJO', 'COLA', 'CULO', 'FALO', 'FETO', 'GETA', 'GUEI', 'GUEY', 'JETA', 'JOTO', 'KACA', 'KACO', 'KAGA', 'KAGO', 'KAKA',
  'KAKO', 'KOGE', 'KOGI', 'KOJA', 'KOJE', 'KOJI', 'KOJO', 'KOLA', 'KULO', 'LILO', 'LOCA', 'LOCO', 'LOKA', 'LOKO', 'MAME',
  'MAMO', 'MEAR', 'MEAS', 'MEON', 'MIAR', 'MION', 'MOCO', 'MOKO', 'MULA', 'MULO', 'NACA', 'NACO', 'PEDA', 'PEDO', 'PENE',
  'PIPI', 'PITO', 'POPO', 'PUTA', 'PUTO', 'QULO', 'RATA', 'ROBA', 'ROBE', 'ROBO', 'RUIN', 'SENO', 'TETA', 'VACA', 'VAGA',
  'VAGO', 'VAKA', 'VUEI', 'VUEY', 'WUEI', 'WUEY',
]);

/** Words of a surname or given names left out before taking letters (particles, and José or María before another name). */
const NAME_PARTICLES = new Set(['DA', 'DAS', 'DE', 'DEL', 'DER', 'DI', 'DIE', 'DD', 'EL', 'LA', 'LOS', 'LAS', 'LE', 'LES', 'MAC', 'MC', 'VAN', 'VON', 'Y']);
const COMMON_FIRST_NAMES = new Set(['JOSE', 'J', 'MARIA', 'MA', 'M']);

function curpWords(name: string): string[] {
  // Ñ is written X in a CURP; normaliseName would turn it into N, so it is replaced first.
  return normaliseName(name.replace(/ñ/gi, 'X')).split(' ').filter((word) => word.length > 0 && !NAME_PARTICLES.has(word));
}

/** The four letters a CURP starts with for these names (RENAPO's rules, as published in its instructive). */
export function curpInitials(name: { givenNames: string; firstSurname: string; secondSurname?: string | undefined }): string {
  const first = curpWords(name.firstSurname).join('');
  const second = curpWords(name.secondSurname ?? '').join('');
  const given = curpWords(name.givenNames);
  const chosen = given.length > 1 && COMMON_FIRST_NAMES.has(given[0] ?? '') ? given[1] : given[0];
  const innerVowel = /[AEIOU]/.exec(first.slice(1))?.[0] ?? 'X';
  const letters = `${first.charAt(0) || 'X'}${innerVowel}${second.charAt(0) || 'X'}${chosen?.charAt(0) || 'X'}`;
  return CURP_INCONVENIENT.has(letters) ? `${letters.charAt(0)}X${letters.slice(2)}` : letters;
}

/** The birth date a CURP encodes: the 17th character (a digit before 2000, a letter from 2000) gives the century. */
export function curpBirthDate(curp: string): IsoDate | undefined {
  const century = /\d/.test(curp.charAt(16)) ? 1900 : 2000;
  const date = `${century + Number(curp.slice(4, 6))}-${curp.slice(6, 8)}-${curp.slice(8, 10)}`;
  return isCalendarDate(date) ? date : undefined;
}

export type CurpVerdict = 'ok' | 'format' | 'check-digit' | 'birth-date' | 'name';

/**
 * A CURP against the person declaring it: its shape, state and date, its check digit, then the
 * birth date and the four letters it encodes against the declared ones.
 */
export function checkCurp(
  curp: string,
  person: { givenNames: string; firstSurname: string; secondSurname?: string | undefined; birthDate: IsoDate },
): CurpVerdict {
  if (!CURP_SHAPE.test(curp) || !CURP_STATES.has(curp.slice(11, 13)) || curpBirthDate(curp) === undefined) return 'format';
  if (curpCheckDigit(curp.slice(0, 17)) !== Number(curp.charAt(17))) return 'check-digit';
  if (curpBirthDate(curp) !== person.birthDate) return 'birth-date';
  // An inconvenient word is written with X in second place; either spelling of the declared names is accepted.
  return curp.slice(0, 4) === curpInitials(person) ? 'ok' : 'name';
}

// ---- India: PAN ----

/** Five letters (the fourth naming the holder's kind), four digits, a letter. */
const PAN_SHAPE = /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/;

export type PanVerdict = 'ok' | 'format' | 'not-a-person';

/** A PAN a borrower may hold: the right shape, and `P` (an individual) as its fourth character. */
export function checkPan(pan: string): PanVerdict {
  if (!PAN_SHAPE.test(pan)) return 'format';
  return pan.charAt(3) === 'P' ? 'ok' : 'not-a-person';
}

// ---- Mexico: CLABE ----

/**
 * Banxico's participant codes (the CLABE's first three digits) of banks and payment institutions
 * that receive SPEI transfers to a borrower's account.
 */
export const MX_BANKS: Readonly<Record<string, string>> = {
  '002': 'BANAMEX', '012': 'BBVA MEXICO', '014': 'SANTANDER', '021': 'HSBC', '030': 'BAJIO', '036': 'INBURSA',
  '042': 'MIFEL', '044': 'SCOTIABANK', '058': 'BANREGIO', '059': 'INVEX', '060': 'BANSI', '062': 'AFIRME',
  '072': 'BANORTE', '106': 'BANK OF AMERICA', '108': 'MUFG', '110': 'JP MORGAN', '112': 'BMONEX', '113': 'VE POR MAS',
  '127': 'AZTECA', '128': 'AUTOFIN', '130': 'COMPARTAMOS', '132': 'MULTIVA BANCO', '133': 'ACTINVER', '135': 'NAFIN',
  '136': 'INTERCAM BANCO', '137': 'BANCOPPEL', '138': 'ABC CAPITAL', '140': 'CONSUBANCO', '141': 'VOLKSWAGEN',
  '143': 'CIBANCO', '145': 'BBASE', '147': 'BANKAOOL', '148': 'PAGATODO', '150': 'INMOBILIARIO', '151': 'DONDE',
  '152': 'BANCREA', '154': 'BANCO COVALTO', '155': 'ICBC', '156': 'SABADELL', '157': 'SHINHAN', '158': 'MIZUHO BANK',
  '159': 'BANK OF CHINA', '160': 'BANCO S3', '166': 'BANCO DEL BIENESTAR', '168': 'HIPOTECARIA FEDERAL',
  '600': 'MONEXCB', '601': 'GBM', '602': 'MASARI', '605': 'VALUE', '608': 'VECTOR', '616': 'FINAMEX', '617': 'VALMEX',
  '620': 'PROFUTURO', '630': 'CB INTERCAM', '634': 'FINCOMUN', '638': 'NU MEXICO', '646': 'STP', '652': 'CREDICAPITAL',
  '653': 'KUSPIT', '656': 'UNAGRA', '659': 'ASP INTEGRA OPC', '670': 'LIBERTAD', '677': 'CAJA POP MEXICA',
  '680': 'CRISTOBAL COLON', '683': 'CAJA TELEFONISTAS', '684': 'TRANSFER', '685': 'FONDO FIRA', '686': 'INVERCAP',
  '689': 'FOMPED', '699': 'FONDEADORA', '703': 'TESORED', '706': 'ARCUS', '710': 'NVIO', '722': 'MERCADO PAGO W',
  '723': 'CUENCA', '728': 'SPIN BY OXXO',
};

/** The CLABE's check digit: its first 17 digits weighted 3, 7, 1 in turn, each product taken modulo 10. */
export function clabeCheckDigit(first17: string): number {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(first17.charAt(i)) * (weights[i % 3] ?? 0)) % 10;
  return (10 - (sum % 10)) % 10;
}

export type ClabeVerdict = { ok: true; bankCode: string; bankName: string } | { ok: false; reason: 'format' | 'check-digit' | 'unknown-bank' };

/** An 18-digit CLABE with a known bank and the right check digit. */
export function checkClabe(clabe: string): ClabeVerdict {
  if (!/^\d{18}$/.test(clabe)) return { ok: false, reason: 'format' };
  if (clabeCheckDigit(clabe.slice(0, 17)) !== Number(clabe.charAt(17))) return { ok: false, reason: 'check-digit' };
  const bankCode = clabe.slice(0, 3);
  const bankName = MX_BANKS[bankCode];
  return bankName === undefined ? { ok: false, reason: 'unknown-bank' } : { ok: true, bankCode, bankName };
}

// ---- India: bank account ----

/** Four letters of the bank, a zero kept for future use, six characters of the branch. */
export function isIfsc(ifsc: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc);
}

/** Banks' four-letter IFSC prefixes, for the name a borrower recognises; another prefix is shown as it is. */
export const IN_BANKS: Readonly<Record<string, string>> = {
  SBIN: 'State Bank of India', HDFC: 'HDFC Bank', ICIC: 'ICICI Bank', UTIB: 'Axis Bank', PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda', KKBK: 'Kotak Mahindra Bank', CNRB: 'Canara Bank', UBIN: 'Union Bank of India', IDIB: 'Indian Bank',
  YESB: 'Yes Bank', IDFB: 'IDFC First Bank', INDB: 'IndusInd Bank', BKID: 'Bank of India', CBIN: 'Central Bank of India',
  IOBA: 'Indian Overseas Bank', MAHB: 'Bank of Maharashtra', UCBA: 'UCO Bank', PSIB: 'Punjab & Sind Bank', FDRL: 'Federal Bank',
};

/** Indian bank account numbers are 9 to 18 digits and never all zeros. */
export function isIndianAccountNumber(account: string): boolean {
  return /^\d{9,18}$/.test(account) && !/^0+$/.test(account);
}

// ---- masking ----

/** Everything but the last `visible` characters replaced by `*`. */
export function maskTail(value: string, visible: number): string {
  if (value.length <= visible) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - visible)}${value.slice(-visible)}`;
}

/** A national id as the menu shows it: the first four and the last two characters (a CURP) or the last four (a PAN). */
export function maskNationalId(kind: 'curp' | 'pan', value: string): string {
  if (kind === 'curp') return `${value.slice(0, 4)}${'*'.repeat(Math.max(0, value.length - 6))}${value.slice(-2)}`;
  return maskTail(value, 4);
}

/**
 * One formatter per time zone for the process: each new one holds some 25 KB of ICU memory that
 * the collector does not see, so a formatter made per call (a landing visit counted, say) grew a
 * server's memory by 100 MiB in seconds of load.
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date at `now` in the market's own time zone: a borrower's birthday starts at their midnight. */
export function dateInTimeZone(now: Date, timeZone: string): IsoDate {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}

/**
 * Whether the name a bank holds for an account is the borrower's (docs/decisions/152): the same
 * words in any order, without case or accents; a bank that keeps fewer words (a second surname
 * dropped) still matches when every word it keeps is the borrower's and at least two are.
 */
export function registeredNameMatches(registered: string, holder: string): boolean {
  if (sameName(registered, holder)) return true;
  const kept = normaliseName(registered).split(' ').filter(Boolean);
  const words = new Set(normaliseName(holder).split(' ').filter(Boolean));
  return kept.length >= 2 && kept.every((word) => words.has(word));
}
