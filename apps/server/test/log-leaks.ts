import { luhnValid } from '@lend/contracts';

/**
 * What must never appear in a log line (docs/decisions/067): phones, session ids, SMS codes,
 * captcha answers, national ids, card numbers. Every test app's log is scanned when the app closes.
 */
export type LeakScan = {
  /** Values the test app handed out or stored: session ids, sids, captcha answers, SMS codes, phones, national ids. */
  secrets: Iterable<string>;
  /** Long digit runs that are our own ids (order numbers, payment references), not personal data. */
  allowedIds: Iterable<string>;
};

/** Digits with at most one space or dash between them, as a card number is written. */
const CARD_LIKE = /\d(?:[ -]?\d){12,18}/g;
const LONG_DIGIT_RUN = /\d{10,}/g;
const SESSION_ID_IN_QUERY = /\b(?:sessionId|sid)=(?!\[REDACTED\])[^&\s"]/i;

/**
 * The log without pino's own numbers (epoch time, pid, response time) and the request ids (random,
 * drawn by the server or the balancer: never a client's), which are not data: a six-digit SMS code
 * can appear inside an epoch time by chance, and ten digits in a row inside a random id.
 */
export function withoutLoggerNumbers(line: string): string {
  return line.replace(/"(time|pid|responseTime)":[\d.]+/g, '"$1":0').replace(/("reqId":"|reqId=)[A-Za-z0-9._-]+/g, '$1-');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every secret as a whole word, so a four-letter captcha answer does not match inside "request",
 * in one expression: a cluster run's log has hundreds of thousands of lines and hundreds of secrets.
 * Longer secrets first, so one that holds a shorter one is named whole.
 */
function secretPattern(secrets: string[]): RegExp | undefined {
  if (secrets.length === 0) return undefined;
  const alternatives = [...secrets].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![A-Za-z0-9])(?:${alternatives.join('|')})(?![A-Za-z0-9])`, 'g');
}

/** Each leak as "what: line". */
export function findLeaks(log: string, scan: LeakScan): string[] {
  // An id such as "LN26112338794376" is allowed as written and by its digits.
  const allowed = new Set([...scan.allowedIds].flatMap((id) => [id, ...(id.match(/\d+/g) ?? [])]));
  const secrets = secretPattern([...new Set(scan.secrets)].filter((secret) => secret.length >= 4));
  const leaks: string[] = [];
  for (const rawLine of log.split('\n')) {
    if (rawLine === '') continue;
    const line = withoutLoggerNumbers(rawLine);
    for (const found of secrets ? new Set(line.match(secrets)) : []) leaks.push(`secret ${found}: ${rawLine}`);
    for (const run of line.match(LONG_DIGIT_RUN) ?? []) if (!allowed.has(run)) leaks.push(`digit run ${run}: ${rawLine}`);
    for (const written of line.match(CARD_LIKE) ?? []) {
      const digits = written.replace(/\D/g, '');
      if (!allowed.has(digits) && luhnValid(digits)) leaks.push(`card-like ${written}: ${rawLine}`);
    }
    if (SESSION_ID_IN_QUERY.test(line)) leaks.push(`session id in an address: ${rawLine}`);
  }
  return leaks;
}

/** Secret values in a JSON answer the app sent: session ids, visitor sids, captcha answers, card listing tokens. */
export function secretsInAnswer(payload: string): string[] {
  return [...payload.matchAll(/"(?:sessionId|sid|answer|smsCode|verifyCode|repayToken)"\s*:\s*"([^"]+)"/g)].flatMap((match) => match[1] ?? []);
}
