import {
  PayoutNotificationRefused,
  PayoutOutcomeUnknown,
  type PayoutLine,
  type PayoutNotification,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutState,
} from '../payout-provider';
import { callStp, isRecord, StpNoAnswer, type StpResultado } from './stp-client';
import type { StpConfig } from './stp-config';
import { CLABE_ACCOUNT_TYPE, orderCadena, participantOf, pesos, queryCadena, STP_INSTITUTION, stpSigner, stpText, trackingKeyOf, type StpOrder, type StpSigner } from './stp-order';
import { settledAt, stateOfOrder, stpIdOf, type StpOrderRecord } from './stp-states';

/** STP refused our own request (its signature, a missing field, the amount): nothing was registered. */
export class StpOrderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StpOrderRefused';
  }
}

/** STP's refusals that are about the borrower's account, not about our request. */
const ACCOUNT_REFUSALS = new Set([-9, -11, -22, -24]);
/** STP's answer to a query that found nothing. */
const NOT_FOUND = -100;
const MAX_PAGES = 500;

/** 'YYYY-MM-DD' -> STP's 'YYYYMMDD'. */
const stpDate = (day: string) => day.replaceAll('-', '');
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

function orderRecordOf(value: unknown): StpOrderRecord | undefined {
  if (!isRecord(value) || typeof value.claveRastreo !== 'string' || typeof value.estado !== 'string') return undefined;
  const number = (field: unknown) => (typeof field === 'number' ? field : typeof field === 'string' && field.trim() !== '' ? Number(field) : undefined);
  const cause = value.causaDevolucion;
  return {
    idEF: number(value.idEF),
    id: number(value.id),
    claveRastreo: value.claveRastreo.trim(),
    estado: value.estado,
    monto: number(value.monto) ?? 0,
    causaDevolucion: typeof cause === 'number' || typeof cause === 'string' ? cause : undefined,
    tsLiquidacion: number(value.tsLiquidacion),
  };
}

/**
 * Mexico's payouts as SPEI transfers from the lender's account at STP (docs/decisions/157): each
 * payout is one order whose tracking key comes from the payout's idempotency key, so STP itself
 * refuses a second order for the same payout.
 */
export class StpPayouts implements PayoutProvider {
  readonly name = 'stp';
  readonly currency = 'MXN' as const;
  /** STP retries a callback until it is answered with this (docs/decisions/157). */
  readonly acknowledgement = { mensaje: 'recibido' };
  private readonly sign: StpSigner;

  constructor(private readonly config: StpConfig) {
    this.sign = stpSigner(config.privateKeyPem, config.privateKeyPassphrase);
  }

  async send(request: PayoutRequest): Promise<PayoutState> {
    if (request.currency !== 'MXN') throw new Error(`STP pays out pesos only, not ${request.currency}`);
    const clabe = request.beneficiary.accountNumber;
    const institucion = participantOf(clabe);
    if (request.beneficiary.kind !== 'clabe' || !/^\d{18}$/.test(clabe) || institucion === undefined) {
      return { status: 'rejected', reason: 'account-invalid', detail: `bank code ${clabe.slice(0, 3)} is not a SPEI participant STP sends to` };
    }
    const claveRastreo = trackingKeyOf(request.idempotencyKey);
    const order: StpOrder = {
      institucionContraparte: institucion,
      empresa: this.config.empresa,
      // The tracking key again: STP's state callback names the order by its folio.
      folioOrigen: claveRastreo,
      claveRastreo,
      institucionOperante: STP_INSTITUTION,
      monto: pesos(request.amountMinor),
      tipoPago: 1,
      tipoCuentaOrdenante: CLABE_ACCOUNT_TYPE,
      nombreOrdenante: stpText(this.config.ordenanteNombre, 39),
      cuentaOrdenante: this.config.ordenanteCuenta,
      rfcCurpOrdenante: this.config.ordenanteRfcCurp,
      tipoCuentaBeneficiario: CLABE_ACCOUNT_TYPE,
      nombreBeneficiario: stpText(request.beneficiary.holderName, 39),
      cuentaBeneficiario: clabe,
      rfcCurpBeneficiario: 'ND',
      conceptoPago: stpText(request.narration, 39) || request.orderNo,
      referenciaNumerica: request.payoutId % 10_000_000 || 1,
      topologia: 'T',
      medioEntrega: 3,
      prioridad: 0,
    };
    let answer: StpResultado;
    try {
      answer = await this.call('PUT', 'registra', { ...order, monto: Number(order.monto), firma: this.sign(orderCadena(order)) });
    } catch (error) {
      if (error instanceof StpNoAnswer) throw new PayoutOutcomeUnknown(`STP may have registered ${claveRastreo}: ${error.message}`, { cause: error });
      throw error;
    }
    if (answer.id > 0) return { status: 'processing', providerPayoutId: String(answer.id) };
    const description = answer.descripcionError ?? '';
    if (answer.id === -1 && /ya fue utilizada/i.test(description)) {
      // A retry: the order exists, answer where it stands.
      const today = utcDay(new Date());
      const existing = await this.findOrder(claveRastreo, [undefined, today, dayAfter(today)]);
      if (existing) return stateOfOrder(existing);
      throw new PayoutOutcomeUnknown(`STP says ${claveRastreo} is used but does not find it`);
    }
    if (answer.id === 0 && /no se recibi/i.test(description)) throw new PayoutOutcomeUnknown(`STP ${claveRastreo}: ${description}`);
    if (ACCOUNT_REFUSALS.has(answer.id)) return { status: 'rejected', reason: 'account-invalid', detail: `STP ${answer.id}: ${description}` };
    if (answer.id === -200) return { status: 'rejected', reason: 'other', detail: `STP ${answer.id}: ${description}` };
    throw new StpOrderRefused(`STP refused order ${claveRastreo}: ${answer.id} ${description}`);
  }

  async lookup(payout: { idempotencyKey: string; providerPayoutId?: string | undefined; sentOn: string }): Promise<PayoutState | 'not-found'> {
    // A payout sent after SPEI's cut-off operates on the next day; today's orders are asked without a date.
    const order = await this.findOrder(trackingKeyOf(payout.idempotencyKey), [undefined, payout.sentOn, dayAfter(payout.sentOn)]);
    return order ? stateOfOrder(order) : 'not-found';
  }

  referenceOf(idempotencyKey: string): string {
    return trackingKeyOf(idempotencyKey);
  }

  async readNotification(rawBody: Buffer, _headers: Readonly<Record<string, string | string[] | undefined>>): Promise<PayoutNotification> {
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new PayoutNotificationRefused('not JSON');
    }
    if (!isRecord(body)) throw new PayoutNotificationRefused('not a cambioEstado');
    const { id, empresa, folioOrigen, estado, tsLiquidacion } = body;
    if (empresa !== this.config.empresa) throw new PayoutNotificationRefused('for another empresa');
    if ((typeof id !== 'number' && typeof id !== 'string') || String(id).trim() === '') throw new PayoutNotificationRefused('without an id');
    if (typeof estado !== 'string' || estado.trim() === '') throw new PayoutNotificationRefused('without an estado');
    if (typeof folioOrigen !== 'string' || !/^[A-Za-z0-9]{1,30}$/.test(folioOrigen)) throw new PayoutNotificationRefused('without a folio of ours');
    // STP signs no callback: what it says is only a reason to ask STP where the order stands.
    const settled = Number(tsLiquidacion);
    const days = Number.isFinite(settled) && settled > 1e12 ? [utcDay(new Date(settled)), dayAfter(utcDay(new Date(settled)))] : [];
    const order = await this.findOrder(folioOrigen, [undefined, ...days]);
    if (!order) throw new PayoutNotificationRefused('STP has no order with this folio');
    if (stpIdOf(order) !== String(id).trim()) throw new PayoutNotificationRefused('the id is not STP’s id of this order');
    return { eventId: `stp-${String(id).trim()}-${estado.trim()}`, providerPayoutId: stpIdOf(order), reference: order.claveRastreo, state: stateOfOrder(order) };
  }

  async payoutsOn(day: string): Promise<PayoutLine[]> {
    const lines = new Map<string, PayoutLine>();
    // The UTC day straddles two of STP's operation days (Mexico's banking day, with its evening cut-off).
    for (const operationDay of [day, dayAfter(day)]) {
      for (const order of await this.sentOrders(stpDate(operationDay))) {
        const at = settledAt(order);
        if (!at || utcDay(at) !== day) continue;
        const state = stateOfOrder(order);
        if (state.status !== 'paid' && state.status !== 'reversed') continue;
        const amountMinor = Math.round(order.monto * 100);
        lines.set(order.claveRastreo, { providerPayoutId: stpIdOf(order), amountMinor, feeMinor: 0, currency: 'MXN', status: state.status });
      }
    }
    return [...lines.values()];
  }

  /** STP's listing of the orders sent on an operation day, page by page. */
  private async sentOrders(fechaOperacion: string): Promise<StpOrderRecord[]> {
    const seen = new Map<string, StpOrderRecord>();
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const query = { empresa: this.config.empresa, fechaOperacion };
      const answer = await this.call('POST', 'consOrdenesFech', { ...query, estado: 'E', page, firma: this.sign(queryCadena(query)) });
      if (answer.id === NOT_FOUND) break;
      if (answer.id < 0 || answer.id === 0) throw new StpOrderRefused(`STP refused the listing of ${fechaOperacion}: ${answer.id} ${answer.descripcionError ?? ''}`);
      const list = Array.isArray(answer.fields.lst) ? answer.fields.lst : [];
      const orders = list.map(orderRecordOf).filter((order): order is StpOrderRecord => order !== undefined);
      const fresh = orders.filter((order) => !seen.has(order.claveRastreo));
      // An empty page ends the listing; so does one that only repeats, from a server that pages nothing.
      if (fresh.length === 0) break;
      for (const order of fresh) seen.set(order.claveRastreo, order);
    }
    return [...seen.values()];
  }

  /** The order with this tracking key among those sent on the days given (undefined: STP's current day). */
  private async findOrder(claveRastreo: string, days: (string | undefined)[]): Promise<StpOrderRecord | undefined> {
    for (const day of new Set(days)) {
      const query = { empresa: this.config.empresa, claveRastreo, institucionOperante: STP_INSTITUTION, ...(day === undefined ? {} : { fechaOperacion: stpDate(day) }) };
      const answer = await this.call('POST', 'consOrdEnvRastreo', { ...query, firma: this.sign(queryCadena(query)) });
      if (answer.id === NOT_FOUND) continue;
      const order = orderRecordOf(answer.fields.ordenPago);
      if (answer.id > 0 && order) return order;
      throw new StpOrderRefused(`STP refused the query of ${claveRastreo}: ${answer.id} ${answer.descripcionError ?? ''}`);
    }
    return undefined;
  }

  private call(method: 'PUT' | 'POST', path: string, body: Record<string, unknown>): Promise<StpResultado> {
    return callStp(this.config.baseUrl, this.config.timeoutMs, method, path, body);
  }
}
