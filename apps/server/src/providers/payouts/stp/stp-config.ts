import { createPrivateKey } from 'node:crypto';
import { clabeCheckDigit } from '@lend/domain';

/** Mexico's payouts through STP's SPEI web service (docs/decisions/157). */
export type StpConfig = {
  /** STP's address up to the host (`https://prod.stpmex.com`); the adapter adds `/speiws/rest/…`. */
  baseUrl: string;
  /** The lender's company at STP, as STP registered it. */
  empresa: string;
  /** The lender's CLABE at STP, the account every payout is drawn from. */
  ordenanteCuenta: string;
  ordenanteNombre: string;
  ordenanteRfcCurp: string;
  /** The key whose public half STP holds; it signs every order and query. */
  privateKeyPem: string;
  privateKeyPassphrase?: string;
  /** How long one call may take before its outcome counts as unknown. */
  timeoutMs: number;
};

export type StpEnv = Readonly<Record<string, string | undefined>>;

export type StpConfigProblem = { variable: string; message: string };

const DEFAULT_TIMEOUT_MS = 15_000;

function present(env: StpEnv, variable: string): string | undefined {
  const value = env[variable]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readsKey(pem: string, passphrase: string | undefined): boolean {
  try {
    createPrivateKey(passphrase === undefined ? { key: pem, format: 'pem' } : { key: pem, format: 'pem', passphrase });
    return true;
  } catch {
    return false;
  }
}

/** The STP settings from the environment, or every variable that is missing or wrong. */
export function readStpConfig(env: StpEnv): { ok: true; config: StpConfig } | { ok: false; problems: StpConfigProblem[] } {
  const problems: StpConfigProblem[] = [];
  const required = (variable: string): string => {
    const value = present(env, variable);
    if (value === undefined) problems.push({ variable, message: 'is required when Mexico pays out through STP' });
    return value ?? '';
  };
  const check = (variable: string, ok: boolean, message: string) => {
    if (!ok) problems.push({ variable, message });
  };

  const baseUrl = required('STP_API_BASE_URL');
  if (baseUrl) check('STP_API_BASE_URL', /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(baseUrl), 'must be an http:// or https:// address');
  const empresa = required('STP_EMPRESA');
  if (empresa) check('STP_EMPRESA', /^[A-Za-z0-9_]{1,15}$/.test(empresa), 'must be the company name STP registered (letters, digits, underscore; at most 15)');
  const ordenanteCuenta = required('STP_ORDENANTE_CUENTA');
  if (ordenanteCuenta) check(
      'STP_ORDENANTE_CUENTA',
      /^646\d{15}$/.test(ordenanteCuenta) && clabeCheckDigit(ordenanteCuenta.slice(0, 17)) === Number(ordenanteCuenta.charAt(17)),
      'must be the lender’s 18-digit CLABE at STP (starting 646, with its check digit)',
    );
  const ordenanteNombre = required('STP_ORDENANTE_NOMBRE');
  const ordenanteRfcCurp = required('STP_ORDENANTE_RFC_CURP');
  if (ordenanteRfcCurp) check('STP_ORDENANTE_RFC_CURP', /^[A-Z&Ñ0-9]{12,18}$/.test(ordenanteRfcCurp), 'must be the lender’s RFC (12 or 13 characters) or CURP (18)');
  const privateKeyPem = (env.STP_PRIVATE_KEY ?? '').replace(/\\n/g, '\n').trim();
  const passphrase = present(env, 'STP_PRIVATE_KEY_PASSPHRASE');
  if (privateKeyPem === '') problems.push({ variable: 'STP_PRIVATE_KEY', message: 'is required when Mexico pays out through STP' });
  else check('STP_PRIVATE_KEY', readsKey(privateKeyPem, passphrase), 'must be a PEM private key that STP_PRIVATE_KEY_PASSPHRASE opens');

  const timeoutText = present(env, 'STP_TIMEOUT_MS');
  const timeoutMs = timeoutText === undefined ? DEFAULT_TIMEOUT_MS : Number(timeoutText);
  check('STP_TIMEOUT_MS', Number.isInteger(timeoutMs) && timeoutMs >= 100 && timeoutMs <= 120_000, 'must be a whole number of milliseconds from 100 to 120000');

  if (problems.length > 0) return { ok: false, problems };
  const config: StpConfig = { baseUrl: baseUrl.replace(/\/+$/, ''), empresa, ordenanteCuenta, ordenanteNombre, ordenanteRfcCurp, privateKeyPem, timeoutMs };
  if (passphrase !== undefined) config.privateKeyPassphrase = passphrase;
  return { ok: true, config };
}
