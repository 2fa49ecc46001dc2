import { MARKET_SETTINGS, type Market } from './market';
import { assertMinorUnits, type MinorUnits } from './money';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Indian grouping: the last three digits, then groups of two (1,23,45,678). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}`;
}

/** Minor units as a number with two decimals and the market's digit grouping, no sign. */
export function formatAmountNumber(minor: MinorUnits, market: Market): string {
  assertMinorUnits(minor);
  const negative = minor < 0;
  const absolute = Math.abs(minor);
  const whole = String(Math.trunc(absolute / 100));
  const cents = String(absolute % 100).padStart(2, '0');
  const grouped = MARKET_SETTINGS[market].grouping === 'indian' ? groupIndian(whole) : groupThousands(whole);
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}

/** Minor units as the borrower reads them: `$1,234.50` in Mexico, `₹1,23,450.00` in India. */
export function formatAmount(minor: MinorUnits, market: Market): string {
  const number = formatAmountNumber(minor, market);
  const sign = MARKET_SETTINGS[market].currencySign;
  return number.startsWith('-') ? `-${sign}${number.slice(1)}` : `${sign}${number}`;
}

/**
 * An amount taken off (a coupon's discount): `−₹200.00`, the minus sign joined to the amount by a
 * word joiner so a narrow screen never puts the sign on one line and the amount on the next.
 */
export function formatDeduction(minor: MinorUnits, market: Market): string {
  return `−\u2060${formatAmount(minor, market)}`;
}

type DateParts = { year: string; month: string; day: string; hour: string; minute: string; second: string };

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * `formatToParts` is the costliest step of a details answer's text, and answers keep formatting
 * the same stored instants and the same current second. Time-zone offsets are whole seconds, so
 * every instant of one UTC second has the same local parts: they are remembered per second.
 */
const PARTS_REMEMBERED = 4_096;
const rememberedParts = new Map<string, Map<number, DateParts>>();

function partsIn(date: Date, timeZone: string): DateParts {
  const second = Math.floor(date.getTime() / 1000);
  let remembered = rememberedParts.get(timeZone);
  if (!remembered) {
    remembered = new Map();
    rememberedParts.set(timeZone, remembered);
  }
  const known = remembered.get(second);
  if (known) return known;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const found: DateParts = Object.freeze({
    year: (parts.year ?? '').padStart(4, '0'),
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  });
  if (remembered.size >= PARTS_REMEMBERED) remembered.clear();
  remembered.set(second, found);
  return found;
}

/** `YYYY-MM-DD`, zero padded, in the market's time zone (docs/decisions/003). */
export function formatDate(date: Date, market: Market): string {
  const p = partsIn(date, MARKET_SETTINGS[market].timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `YYYY-MM-DD HH:MM:SS`, zero padded, in the market's time zone (docs/decisions/003). */
export function formatDateTime(date: Date, market: Market): string {
  const p = partsIn(date, MARKET_SETTINGS[market].timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `YYYY-MM-DD HH:MM` in the market's time zone: a deadline to the minute, without seconds. */
export function formatDateTimeMinutes(date: Date, market: Market): string {
  const p = partsIn(date, MARKET_SETTINGS[market].timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** A rate in parts per million as a percentage, exactly, without trailing zeros: 65 → "0.0065%", 30000 → "3%". */
export function formatRatePercent(ppm: number): string {
  if (!Number.isSafeInteger(ppm) || ppm < 0) throw new RangeError(`rate must be whole ppm, got ${ppm}`);
  const whole = Math.trunc(ppm / 10_000);
  const fraction = String(ppm % 10_000).padStart(4, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** An annual rate (0.468 for 46.8%) with one decimal, as CAT and APR are quoted. */
export function formatAnnualRate(rate: number): string {
  if (!Number.isFinite(rate)) throw new RangeError(`rate must be finite, got ${rate}`);
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}
