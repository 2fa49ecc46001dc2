import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { MX_BANKS } from '@lend/domain';

/** STP's own participant code: every order it sends is operated by it. */
export const STP_INSTITUTION = 90646;
/** STP's account type for a CLABE. */
export const CLABE_ACCOUNT_TYPE = 40;

/** Development banks, whose five-digit SPEI participant code starts 37 (commercial banks 40, other participants 90). */
const DEVELOPMENT_BANKS: ReadonlySet<string> = new Set(['135', '166', '168']);
/** Participants STP does not send to (ASP Integra): a CLABE there is refused. */
const NOT_SENT_TO: ReadonlySet<string> = new Set(['659']);

/**
 * Banxico's five-digit participant codes of the banks a borrower's CLABE may name by its first three
 * digits: the banks the CLABE check knows (`MX_BANKS`), each with its participant prefix.
 */
const PARTICIPANTS: ReadonlyMap<string, string> = new Map(
  Object.keys(MX_BANKS)
    .filter((code) => !NOT_SENT_TO.has(code))
    .map((code) => [code, `${DEVELOPMENT_BANKS.has(code) ? '37' : Number(code) < 600 ? '40' : '90'}${code}`] as const),
);

/** The SPEI participant a CLABE's bank code stands for, or undefined for a bank we do not send to. */
export function participantOf(clabe: string): string | undefined {
  return PARTICIPANTS.get(clabe.slice(0, 3));
}

/** STP takes names and concepts in plain ASCII: accents go, letters stay. */
export function stpText(text: string, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}

const TRACKING_KEY_MAX = 30;

/**
 * The SPEI tracking key of a payout: the idempotency key itself when it already is one (letters and
 * digits, at most 30), or else its letters and digits cut short and ended by a digest of the whole
 * key, so two keys never share a tracking key and the same key always gives the same one.
 */
export function trackingKeyOf(idempotencyKey: string): string {
  if (/^[A-Za-z0-9]+$/.test(idempotencyKey) && idempotencyKey.length <= TRACKING_KEY_MAX) return idempotencyKey;
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 10).toUpperCase();
  return `${idempotencyKey.replace(/[^A-Za-z0-9]/g, '').slice(0, TRACKING_KEY_MAX - digest.length)}${digest}`;
}

/** Pesos with two decimals from centavos, as STP signs the amount. */
export function pesos(amountMinor: number): string {
  return `${Math.trunc(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

/** The body of `ordenPago/registra`, without its signature; absent fields are signed as empty. */
export type StpOrder = {
  institucionContraparte: string;
  empresa: string;
  fechaOperacion?: string;
  folioOrigen?: string;
  claveRastreo: string;
  institucionOperante: number;
  monto: string;
  tipoPago: number;
  tipoCuentaOrdenante: number;
  nombreOrdenante?: string;
  cuentaOrdenante: string;
  rfcCurpOrdenante?: string;
  tipoCuentaBeneficiario: number;
  nombreBeneficiario: string;
  cuentaBeneficiario: string;
  rfcCurpBeneficiario: string;
  conceptoPago: string;
  referenciaNumerica: number;
  topologia: string;
  medioEntrega: number;
  prioridad: number;
};

/** STP's "cadena original" of an order: every field in its documented place, absent ones empty. */
export function orderCadena(order: StpOrder): string {
  const o = order;
  const fields = [
    o.institucionContraparte, o.empresa, o.fechaOperacion, o.folioOrigen, o.claveRastreo, o.institucionOperante, o.monto,
    o.tipoPago, o.tipoCuentaOrdenante, o.nombreOrdenante, o.cuentaOrdenante, o.rfcCurpOrdenante, o.tipoCuentaBeneficiario,
    o.nombreBeneficiario, o.cuentaBeneficiario, o.rfcCurpBeneficiario,
    /* emailBeneficiario, the second beneficiary's type, name, account and RFC */ '', '', '', '', '',
    o.conceptoPago, /* conceptoPago2, claveCatUsuario1, claveCatUsuario2, clavePago, referenciaCobranza */ '', '', '', '', '',
    o.referenciaNumerica, /* tipoOperacion */ '', o.topologia, /* usuario */ '', o.medioEntrega, o.prioridad, /* iva */ '',
  ];
  return `||${fields.map((value) => (value === undefined ? '' : String(value))).join('|')}||`;
}

/** STP's "cadena original" of a query by tracking key or by date. */
export function queryCadena(query: { empresa: string; fechaOperacion?: string; claveRastreo?: string; institucionOperante?: number }): string {
  return `|||${query.empresa}|${query.fechaOperacion ?? ''}||${query.claveRastreo ?? ''}|${query.institucionOperante ?? ''}${'|'.repeat(30)}`;
}

export type StpSigner = (cadena: string) => string;

/** Base64 RSA-SHA256 (PKCS #1 v1.5) of a cadena original, with the lender's key. */
export function stpSigner(privateKeyPem: string, passphrase: string | undefined): StpSigner {
  const key: KeyObject = createPrivateKey(passphrase === undefined ? { key: privateKeyPem, format: 'pem' } : { key: privateKeyPem, format: 'pem', passphrase });
  return (cadena) => sign('sha256', Buffer.from(cadena, 'utf8'), key).toString('base64');
}
