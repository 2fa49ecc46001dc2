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

/** The order states STP reports that end a transfer without money leaving. */
const CANCELLED = new Set(['C', 'CN', 'CL', 'CR', 'RL', 'CA', 'RA', 'RB', 'EL', 'CANCELADA', 'CANCELACION', 'RECHAZADA']);
const SETTLED = new Set(['LQ', 'TLQ', 'LIQUIDADA', 'LIQUIDACION']);
const RETURNED = new Set(['D', 'DEVUELTA', 'DEVOLUCION']);

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
  const estado = order.estado.trim().toUpperCase();
  if (SETTLED.has(estado)) {
    return { status: 'paid', providerPayoutId, transferRef: order.claveRastreo, paidAt: liquidatedAt(order) ?? new Date() };
  }
  if (RETURNED.has(estado)) {
    const { reason, detail } = returnCause(order.causaDevolucion);
    // Returned after it settled: the money reached the bank and came back to the lender.
    if (liquidatedAt(order)) return { status: 'reversed', providerPayoutId, transferRef: order.claveRastreo, reason, detail };
    return { status: 'rejected', providerPayoutId, reason, detail };
  }
  if (CANCELLED.has(estado)) return { status: 'rejected', providerPayoutId, reason: 'bank-rejected', detail: `STP estado ${order.estado}` };
  return { status: 'processing', providerPayoutId };
}

export function settledAt(order: StpOrderRecord): Date | undefined {
  return liquidatedAt(order);
}
