import { createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clabeCheckDigit } from '@lend/domain';

/**
 * A local stand-in for STP's SPEI web service (`/speiws/rest/ordenPago/…`), answering as STP does:
 * `PUT registra` takes an order signed over its cadena original (RSA-SHA256, checked with the
 * lender's public key) and answers `{resultado: {id}}`, or `{resultado: {id: 0 | -n, descripcionError}}`
 * (an unchecked signature, a missing field, a used tracking key, a CLABE of another bank);
 * `POST consOrdEnvRastreo` finds a sent order by its tracking key and operation day (STP's current
 * day without one) and `POST consOrdenesFech` lists a day's sent orders, a page at a time; both
 * answer -100 when nothing is found. It can post STP's unsigned `cambioEstado` callback.
 */

/** What happens to the next order registered: it settles, is returned (before or after settling), is cancelled, stays in flight, or stands in any of STP's documented states. */
export type StandInOutcome =
  | { kind: 'pending' }
  | { kind: 'liquidated' }
  | { kind: 'returned'; causaDevolucion: number }
  | { kind: 'returned-after-liquidation'; causaDevolucion: number }
  | { kind: 'cancelled' }
  /** Any state of STP's documented list, as STP would answer it; `settledAt` for a return after settling. */
  | { kind: 'estado'; estado: string; causaDevolucion?: number; settled?: boolean };

export type StandInOrder = {
  idEF: number;
  empresa: string;
  claveRastreo: string;
  folioOrigen: string;
  estado: string;
  causaDevolucion: number | null;
  monto: number;
  fechaOperacion: number;
  institucionContraparte: number;
  cuentaBeneficiario: string;
  nombreBeneficiario: string;
  conceptoPago: string;
  referenciaNumerica: number;
  tsCaptura: number;
  tsLiquidacion: number | null;
};

export type StpStandIn = {
  url: string;
  /** The orders STP keeps, oldest first. */
  orders: StandInOrder[];
  /** Every request by path, with STP's `resultado.id` (or the HTTP status when there was none). */
  calls: { path: string; id: number | string }[];
  /** STP's current operation day (YYYYMMDD); orders registered take it. */
  operationDay: string;
  /** Orders per page of `consOrdenesFech`. */
  pageSize: number;
  nextOrder: (outcome: StandInOutcome) => void;
  /** Changes where a kept order stands, as SPEI moves it on. */
  settle: (claveRastreo: string, outcome: StandInOutcome) => void;
  /** The next registration is kept and answered only after `ms`. */
  delayNext: (ms: number) => void;
  /** The next request answers 500 and keeps nothing. */
  failNext: () => void;
  /** The `cambioEstado` body STP posts about an order. */
  cambioEstado: (order: StandInOrder, overrides?: Record<string, unknown>) => string;
  postCambioEstado: (url: string, body: string) => Promise<number>;
  close: () => Promise<void>;
};

/** The fields of an order's cadena original, in STP's documented order. */
const ORDER_CADENA_FIELDS =
  'institucionContraparte empresa fechaOperacion folioOrigen claveRastreo institucionOperante monto tipoPago tipoCuentaOrdenante nombreOrdenante cuentaOrdenante rfcCurpOrdenante tipoCuentaBeneficiario nombreBeneficiario cuentaBeneficiario rfcCurpBeneficiario emailBeneficiario tipoCuentaBeneficiario2 nombreBeneficiario2 cuentaBeneficiario2 rfcCurpBeneficiario2 conceptoPago conceptoPago2 claveCatUsuario1 claveCatUsuario2 clavePago referenciaCobranza referenciaNumerica tipoOperacion topologia usuario medioEntrega prioridad iva'.split(' ');

const REQUIRED = ['institucionContraparte', 'empresa', 'claveRastreo', 'institucionOperante', 'monto', 'tipoPago', 'tipoCuentaOrdenante', 'cuentaOrdenante', 'tipoCuentaBeneficiario', 'nombreBeneficiario', 'cuentaBeneficiario', 'rfcCurpBeneficiario', 'conceptoPago', 'referenciaNumerica', 'firma'];

type Body = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'number' || typeof value === 'string' ? String(value) : '');

function cadenaOfOrder(body: Body): string {
  return `||${ORDER_CADENA_FIELDS.map((field) => (field === 'monto' && typeof body.monto === 'number' ? body.monto.toFixed(2) : text(body[field]))).join('|')}||`;
}

function cadenaOfQuery(body: Body): string {
  const pipes = '|'.repeat(30);
  return `|||${text(body.empresa)}|${text(body.fechaOperacion)}||${text(body.claveRastreo)}|${text(body.institucionOperante)}${pipes}`;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : {};
}

const todayStp = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function apply(order: StandInOrder, outcome: StandInOutcome): void {
  const now = Date.now();
  if (outcome.kind === 'pending') Object.assign(order, { estado: 'L', causaDevolucion: null, tsLiquidacion: null });
  if (outcome.kind === 'liquidated') Object.assign(order, { estado: 'LQ', causaDevolucion: null, tsLiquidacion: now });
  if (outcome.kind === 'cancelled') Object.assign(order, { estado: 'CN', causaDevolucion: null, tsLiquidacion: null });
  if (outcome.kind === 'returned') Object.assign(order, { estado: 'D', causaDevolucion: outcome.causaDevolucion, tsLiquidacion: null });
  if (outcome.kind === 'estado') Object.assign(order, { estado: outcome.estado, causaDevolucion: outcome.causaDevolucion ?? null, tsLiquidacion: outcome.settled ? (order.tsLiquidacion ?? now) : null });
  if (outcome.kind === 'returned-after-liquidation') Object.assign(order, { estado: 'D', causaDevolucion: outcome.causaDevolucion, tsLiquidacion: order.tsLiquidacion ?? now });
}

/** Refusal of a registration as STP words it, or undefined when the order is acceptable. */
function refusalOf(body: Body, empresa: string, ordenanteCuenta: string, signed: boolean, used: boolean): { id: number; descripcionError: string } | undefined {
  const missing = REQUIRED.find((field) => text(body[field]) === '');
  if (missing) return { id: 0, descripcionError: `El campo ${missing} es obligatorio` };
  if (body.empresa !== empresa || !signed) return { id: 0, descripcionError: 'Error validando la firma' };
  const clave = text(body.claveRastreo);
  if (!/^[A-Za-z0-9]{1,30}$/.test(clave)) return { id: -34, descripcionError: `Clave rastreo invalida: ${clave}` };
  if (used) return { id: -1, descripcionError: `La clave de rastreo ${clave} ya fue utilizada` };
  if (body.cuentaOrdenante !== ordenanteCuenta) return { id: -7, descripcionError: `La cuenta ${text(body.cuentaOrdenante)} no existe` };
  const monto = body.monto;
  if (typeof monto !== 'number' || monto <= 0 || Math.round(monto * 100) !== Number((monto * 100).toFixed(6))) return { id: -20, descripcionError: `El monto {${text(monto)}} no es válido` };
  if (body.tipoCuentaBeneficiario !== 40) return { id: -11, descripcionError: `El tipo de cuenta ${text(body.tipoCuentaBeneficiario)} es invalido` };
  const clabe = text(body.cuentaBeneficiario);
  const institucion = text(body.institucionContraparte);
  if (!/^\d{5}$/.test(institucion)) return { id: -9, descripcionError: `La Institucion ${institucion} no es valida` };
  if (!/^\d{18}$/.test(clabe) || clabeCheckDigit(clabe.slice(0, 17)) !== Number(clabe.charAt(17)) || institucion.slice(2) !== clabe.slice(0, 3)) {
    return { id: -22, descripcionError: `La cuenta ${clabe} no coincide para la institucion operante ${institucion}` };
  }
  for (const field of ['nombreBeneficiario', 'conceptoPago', 'nombreOrdenante']) {
    if (!/^[\x20-\x7e]{0,39}$/.test(text(body[field]))) return { id: 0, descripcionError: `El campo ${field} es invalido` };
  }
  if (!/^\d{1,7}$/.test(text(body.referenciaNumerica)) || Number(body.referenciaNumerica) < 1) return { id: 0, descripcionError: 'El campo referenciaNumerica es invalido' };
  return undefined;
}

export async function startStpStandIn(settings: { empresa: string; ordenanteCuenta: string; publicKeyPem: string }): Promise<StpStandIn> {
  const publicKey = createPublicKey(settings.publicKeyPem);
  const signedBy = (cadena: string, firma: unknown) =>
    typeof firma === 'string' && firma !== '' && verify('sha256', Buffer.from(cadena, 'utf8'), publicKey, Buffer.from(firma, 'base64'));
  let nextOutcome: StandInOutcome = { kind: 'pending' };
  let delayMs = 0;
  let failing = false;
  let nextId = 9_349_827;

  const state: StpStandIn = {
    url: '',
    orders: [],
    calls: [],
    operationDay: todayStp(),
    pageSize: 50,
    nextOrder: (outcome) => {
      nextOutcome = outcome;
    },
    settle: (claveRastreo, outcome) => {
      const order = state.orders.find((kept) => kept.claveRastreo === claveRastreo);
      if (!order) throw new Error(`no order ${claveRastreo}`);
      apply(order, outcome);
    },
    delayNext: (ms) => {
      delayMs = ms;
    },
    failNext: () => {
      failing = true;
    },
    cambioEstado: (order, overrides = {}) => {
      const estado = order.estado === 'LQ' ? 'LIQUIDACION' : order.estado === 'D' ? 'DEVOLUCION' : order.estado === 'CN' ? 'CANCELACION' : 'ENVIADA';
      return JSON.stringify({ id: order.idEF, empresa: order.empresa, folioOrigen: order.folioOrigen, estado, causaDevolucion: order.causaDevolucion ?? '', tsLiquidacion: order.tsLiquidacion ?? '', ...overrides });
    },
    postCambioEstado: async (url, body) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  const sentOn = (body: Body) => Number(text(body.fechaOperacion) || state.operationDay);

  async function register(body: Body): Promise<{ id: number; descripcionError?: string }> {
    const used = state.orders.some((order) => order.claveRastreo === body.claveRastreo && order.fechaOperacion === Number(state.operationDay));
    const refusal = refusalOf(body, settings.empresa, settings.ordenanteCuenta, signedBy(cadenaOfOrder(body), body.firma), used);
    if (refusal) return refusal;
    const order: StandInOrder = {
      idEF: nextId++,
      empresa: settings.empresa,
      claveRastreo: text(body.claveRastreo),
      folioOrigen: text(body.folioOrigen),
      estado: 'L',
      causaDevolucion: null,
      monto: Number(body.monto),
      fechaOperacion: Number(state.operationDay),
      institucionContraparte: Number(body.institucionContraparte),
      cuentaBeneficiario: text(body.cuentaBeneficiario),
      nombreBeneficiario: text(body.nombreBeneficiario),
      conceptoPago: text(body.conceptoPago),
      referenciaNumerica: Number(body.referenciaNumerica),
      tsCaptura: Date.now(),
      tsLiquidacion: null,
    };
    apply(order, nextOutcome);
    nextOutcome = { kind: 'pending' };
    state.orders.push(order);
    return { id: order.idEF };
  }

  function byTrackingKey(body: Body) {
    if (body.empresa !== settings.empresa || !signedBy(cadenaOfQuery(body), body.firma)) return { id: 0, descripcionError: 'Error validando la firma' };
    const order = state.orders.find((kept) => kept.claveRastreo === body.claveRastreo && kept.fechaOperacion === sentOn(body));
    return order ? { id: 1, ordenPago: order } : { id: -100, descripcionError: `No se encontró la orden con rastreo ${text(body.claveRastreo)}` };
  }

  function byDay(body: Body) {
    if (body.empresa !== settings.empresa || !signedBy(cadenaOfQuery(body), body.firma)) return { id: 0, descripcionError: 'Error validando la firma' };
    const sent = body.estado === 'E' ? state.orders.filter((order) => order.fechaOperacion === sentOn(body)) : [];
    if (sent.length === 0) return { id: -100, descripcionError: 'No se encontraron ordenes' };
    const page = Math.max(1, Number(body.page ?? 1));
    return { id: 1, lst: sent.slice((page - 1) * state.pageSize, page * state.pageSize) };
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').replace(/^\/speiws\/rest\/ordenPago\//, '');
      const body = await readJson(request);
      if (failing) {
        failing = false;
        state.calls.push({ path, id: 500 });
        return answer(response, 500, { error: 'Internal Server Error' });
      }
      const routes: Record<string, () => Promise<{ id: number }> | { id: number }> = {
        'PUT registra': () => register(body),
        'POST consOrdEnvRastreo': () => byTrackingKey(body),
        'POST consOrdenesFech': () => byDay(body),
      };
      const route = routes[`${request.method ?? ''} ${path}`];
      if (!route) return answer(response, 404, { error: 'Not Found' });
      const resultado = await route();
      state.calls.push({ path, id: resultado.id });
      if (path === 'registra' && delayMs > 0) {
        const ms = delayMs;
        delayMs = 0;
        await wait(ms);
      }
      return answer(response, 200, { resultado });
    })().catch(() => answer(response, 400, { error: 'Bad Request' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
