import type { PayoutRejection, PayoutState } from '../payout-provider';

/** An order as STP's queries answer it; only the fields the adapter reads. */
export type StpOrderRecord = {
  idEF?: number | undefined;
  id?: number | undefined;
  claveRastreo: string;
  estado: string;
  monto: number;
  causaDevolucion?: number | string | null | undefined;
  /** Milliseconds since the epoch. */
  tsLiquidacion?: number | null | undefined;
  fechaOperacion?: number | string | undefined;
};

/**
 * What STP's order states (`estado`, STP's documented list of order states) say of a payout
 * (docs/decisions/214): settled, returned, ended without money leaving, or still on its way. A
 * state that is neither settled nor a word from STP that the money came back or was refused is on
 * its way: `C` is *capturada* (captured, about to be sent), not cancelled; `XC`/`XD`/`XR` are a
 * cancellation or return asked for and not yet done; `CR` (*cancelada rechazada*) may be a refused
 * cancellation, so it is not read as an end. A state STP has not documented is on its way
 * too, so nothing is paid out twice on a guess.
 */
export type StpStateMeaning = 'settled' | 'returned' | 'ended' | 'on-its-way';

export const STP_ORDER_STATES: Readonly<Record<string, { name: string; meaning: StpStateMeaning }>> = {
  C: { name: 'capturada', meaning: 'on-its-way' },
  PL: { name: 'pendiente de liberar', meaning: 'on-its-way' },
  L: { name: 'liberada', meaning: 'on-its-way' },
  PA: { name: 'pendiente de autorizar', meaning: 'on-its-way' },
  A: { name: 'autorizada', meaning: 'on-its-way' },
  E: { name: 'enviada', meaning: 'on-its-way' },
  EA: { name: 'enviada adapter', meaning: 'on-its-way' },
  LQ: { name: 'liquidada', meaning: 'settled' },
  CN: { name: 'cancelada', meaning: 'ended' },
  TC: { name: 'traspaso capturado', meaning: 'on-its-way' },
  TL: { name: 'traspaso liberado', meaning: 'on-its-way' },
  TA: { name: 'traspaso autorizado', meaning: 'on-its-way' },
  TLQ: { name: 'traspaso liquidado', meaning: 'settled' },
  TCL: { name: 'traspaso cancelado', meaning: 'ended' },
  R: { name: 'recibida', meaning: 'on-its-way' },
  XD: { name: 'por devolver', meaning: 'on-its-way' },
  D: { name: 'devuelta', meaning: 'returned' },
  XR: { name: 'por retornar', meaning: 'on-its-way' },
  RE: { name: 'retornada', meaning: 'returned' },
  CXO: { name: 'por enviar confirmación', meaning: 'on-its-way' },
  CCE: { name: 'confirmación enviada', meaning: 'on-its-way' },
  CCO: { name: 'confirmada', meaning: 'on-its-way' },
  CCR: { name: 'confirmación rechazada', meaning: 'on-its-way' },
  XC: { name: 'por cancelar', meaning: 'on-its-way' },
  CL: { name: 'cancelada local', meaning: 'ended' },
  CR: { name: 'cancelada rechazada', meaning: 'on-its-way' },
  RL: { name: 'rechazada local', meaning: 'ended' },
  CA: { name: 'cancelada adapter', meaning: 'ended' },
  RA: { name: 'rechazada adapter', meaning: 'ended' },
  RB: { name: 'rechazada Banxico', meaning: 'ended' },
  EL: { name: 'eliminada', meaning: 'ended' },
  EP: { name: 'exportación POA', meaning: 'on-its-way' },
  EC: { name: 'exportación CEP', meaning: 'on-its-way' },
};

/** The whole words some of STP's answers and callbacks use for the same states. */
const STATE_WORDS: Readonly<Record<string, StpStateMeaning>> = {
  LIQUIDADA: 'settled',
  LIQUIDACION: 'settled',
  DEVUELTA: 'returned',
  DEVOLUCION: 'returned',
  CANCELADA: 'ended',
  CANCELACION: 'ended',
  RECHAZADA: 'ended',
};

/** What an `estado` says of the payout; one STP has not documented is still on its way. */
export function meaningOf(estado: string): StpStateMeaning {
  const code = estado.trim().toUpperCase();
  return STP_ORDER_STATES[code]?.meaning ?? STATE_WORDS[code] ?? 'on-its-way';
}

/**
 * Banxico's return causes (the receiving bank's reason for a devolución), as far as the borrower's
 * account explains them; other causes are the receiving bank's own refusal or something else.
 */
const RETURN_CAUSES: Readonly<Record<number, { reason: PayoutRejection; text: string }>> = {
  1: { reason: 'account-invalid', text: 'Cuenta inexistente' },
  2: { reason: 'account-closed', text: 'Cuenta bloqueada' },
  3: { reason: 'account-closed', text: 'Cuenta cancelada' },
  5: { reason: 'bank-rejected', text: 'Cuenta en otra divisa' },
  6: { reason: 'account-invalid', text: 'Cuenta no pertenece al banco receptor' },
  13: { reason: 'other', text: 'Beneficiario no reconoce el pago' },
  14: { reason: 'bank-rejected', text: 'Falta información mandatoria para completar el pago' },
  15: { reason: 'bank-rejected', text: 'Tipo de pago erróneo' },
  16: { reason: 'bank-rejected', text: 'Tipo de operación errónea' },
  17: { reason: 'account-invalid', text: 'Tipo de cuenta no corresponde' },
  18: { reason: 'other', text: 'A solicitud del emisor' },
  19: { reason: 'bank-rejected', text: 'Carácter inválido' },
  20: { reason: 'bank-rejected', text: 'Excede el límite de saldo autorizado de la cuenta' },
  21: { reason: 'bank-rejected', text: 'Excede el límite de abonos permitidos en el mes en la cuenta' },
};

export function returnCause(cause: number | string | null | undefined): { reason: PayoutRejection; detail: string } {
  const code = Number(cause);
  const known = Number.isInteger(code) ? RETURN_CAUSES[code] : undefined;
  if (known) return { reason: known.reason, detail: `devolución ${code}: ${known.text}` };
  return { reason: 'other', detail: `devolución ${cause ?? 'sin causa'}` };
}

export function stpIdOf(order: StpOrderRecord): string {
  return String(order.idEF ?? order.id ?? order.claveRastreo);
}

function liquidatedAt(order: StpOrderRecord): Date | undefined {
  const ts = order.tsLiquidacion;
  // STP reports durations in some `ts*` fields; only an epoch in milliseconds is a moment.
  return typeof ts === 'number' && ts > 1e12 ? new Date(ts) : undefined;
}

/** Where a payout stands from STP's record of its order. */
export function stateOfOrder(order: StpOrderRecord): PayoutState {
  const providerPayoutId = stpIdOf(order);
  const meaning = meaningOf(order.estado);
  if (meaning === 'settled') {
    return { status: 'paid', providerPayoutId, transferRef: order.claveRastreo, paidAt: liquidatedAt(order) ?? new Date() };
  }
  if (meaning === 'returned') {
    const { reason, detail } = returnCause(order.causaDevolucion);
    // Returned after it settled: the money reached the bank and came back to the lender.
    if (liquidatedAt(order)) return { status: 'reversed', providerPayoutId, transferRef: order.claveRastreo, reason, detail };
    return { status: 'rejected', providerPayoutId, reason, detail };
  }
  if (meaning === 'ended') return { status: 'rejected', providerPayoutId, reason: 'bank-rejected', detail: `STP estado ${order.estado}` };
  return { status: 'processing', providerPayoutId };
}

export function settledAt(order: StpOrderRecord): Date | undefined {
  return liquidatedAt(order);
}
