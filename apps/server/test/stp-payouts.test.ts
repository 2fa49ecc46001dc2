import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clabeCheckDigit } from '@lend/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayoutNotificationRefused, PayoutOutcomeUnknown, type PayoutNotification, type PayoutRequest } from '../src/providers/payouts/payout-provider';
import { StpOrderRefused, StpPayouts, type StpConfig } from '../src/providers/payouts/stp';
import { startStpStandIn, type StpStandIn } from './stand-ins/stp-stand-in';

const PASSPHRASE = 'lender-key-passphrase';
const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: PASSPHRASE },
  });
const lenderKeys = keyPair();

/** A CLABE of the bank given, with its check digit. */
const clabe = (bank: string, account = '00000000001') => {
  const first17 = `${bank}180${account}`;
  return `${first17}${clabeCheckDigit(first17)}`;
};
const ORDENANTE = clabe('646', '10400000000');
const EMPRESA = 'PRESTAMOS';
const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let stand: StpStandIn;
let receiver: Server | undefined;

beforeEach(async () => {
  stand = await startStpStandIn({ empresa: EMPRESA, ordenanteCuenta: ORDENANTE, publicKeyPem: lenderKeys.publicKey });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await stand.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  receiver = undefined;
});

const config = (overrides: Partial<StpConfig> = {}): StpConfig => ({
  baseUrl: stand.url,
  empresa: EMPRESA,
  ordenanteCuenta: ORDENANTE,
  ordenanteNombre: 'Préstamos Ejemplo SA de CV',
  ordenanteRfcCurp: 'PEJ200101AB1',
  privateKeyPem: lenderKeys.privateKey,
  privateKeyPassphrase: PASSPHRASE,
  timeoutMs: 5_000,
  ...overrides,
});

let payoutNo = 0;
const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => {
  payoutNo += 1;
  return {
    payoutId: 12_000_000 + payoutNo,
    idempotencyKey: `MX2611${String(payoutNo).padStart(6, '0')}P1`,
    orderNo: `MX2611${String(payoutNo).padStart(6, '0')}`,
    amountMinor: 123_456,
    currency: 'MXN',
    beneficiary: { payoutAccountId: payoutNo, borrowerId: 7, kind: 'clabe', accountNumber: clabe('072'), bankCode: '072', holderName: 'José Pérez Núñez' },
    narration: 'Préstamo MX2611 desembolso',
    ...overrides,
  };
};

describe('STP payouts: sending and looking up', () => {
  it('registers one signed order and reads it as paid once SPEI settles it, with the tracking key as the transfer reference', async () => {
    const stp = new StpPayouts(config());
    const payout = request();
    const sent = await stp.send(payout);
    expect(sent).toEqual({ status: 'processing', providerPayoutId: String(stand.orders[0]?.idEF) });
    expect(stand.orders).toHaveLength(1);
    expect(stand.orders[0]).toMatchObject({
      claveRastreo: payout.idempotencyKey,
      folioOrigen: payout.idempotencyKey,
      monto: 1234.56,
      institucionContraparte: 40072,
      cuentaBeneficiario: payout.beneficiary.accountNumber,
      nombreBeneficiario: 'Jose Perez Nunez',
      conceptoPago: 'Prestamo MX2611 desembolso',
      referenciaNumerica: payout.payoutId % 10_000_000,
    });
    expect(await stp.lookup({ idempotencyKey: payout.idempotencyKey, sentOn: today() })).toEqual(sent);

    stand.settle(payout.idempotencyKey, { kind: 'liquidated' });
    const paid = await stp.lookup({ idempotencyKey: payout.idempotencyKey, providerPayoutId: sent.status === 'processing' ? sent.providerPayoutId : undefined, sentOn: today() });
    expect(paid).toEqual({ status: 'paid', providerPayoutId: String(stand.orders[0]?.idEF), transferRef: payout.idempotencyKey, paidAt: new Date(stand.orders[0]?.tsLiquidacion ?? 0) });
  });

  it('sends the same key twice as one order at STP and answers the second time where it stands', async () => {
    const stp = new StpPayouts(config());
    const payout = request({ idempotencyKey: 'MX-2611-000123-attempt-2-abcdefghij' });
    stand.nextOrder({ kind: 'liquidated' });
    await stp.send(payout);
    const again = await stp.send(payout);
    expect(stand.orders).toHaveLength(1);
    expect(stand.calls.filter((call) => call.path === 'registra').map((call) => call.id)).toEqual([stand.orders[0]?.idEF, -1]);
    const key = stand.orders[0]?.claveRastreo ?? '';
    expect(key).toMatch(/^[A-Za-z0-9]{1,30}$/);
    expect(again).toMatchObject({ status: 'paid', transferRef: key });
    // Another key never lands on the same tracking key.
    await stp.send({ ...payout, idempotencyKey: 'MX-2611-000123-attempt-2-abcdefghik' });
    expect(new Set(stand.orders.map((order) => order.claveRastreo)).size).toBe(2);
  });

  it('signs for real: another key, or a field changed after signing, is refused by STP and nothing is registered', async () => {
    const stranger = keyPair();
    await expect(new StpPayouts(config({ privateKeyPem: stranger.privateKey })).send(request())).rejects.toThrow(/Error validando la firma/);

    const stp = new StpPayouts(config());
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const tampered = body.claveRastreo ? { ...body, monto: 9999.99 } : body;
      return realFetch(input, { ...init, body: JSON.stringify(tampered) });
    });
    await expect(stp.send(request())).rejects.toBeInstanceOf(StpOrderRefused);
    vi.restoreAllMocks();
    expect(stand.orders).toHaveLength(0);
    expect(stand.calls.map((call) => call.id)).toEqual([0, 0]);

    await stp.send(request());
    expect(stand.orders).toHaveLength(1);
  });

  it('calls a registration that times out an unknown outcome, and the look-up by key finds the order', async () => {
    const stp = new StpPayouts(config({ timeoutMs: 200 }));
    const payout = request();
    stand.delayNext(2_000);
    await expect(stp.send(payout)).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
    expect(await stp.lookup({ idempotencyKey: payout.idempotencyKey, sentOn: today() })).toEqual({ status: 'processing', providerPayoutId: String(stand.orders[0]?.idEF) });
  });

  it('calls a 500 an unknown outcome; when STP kept nothing the look-up says not found and sending again registers it once', async () => {
    const stp = new StpPayouts(config());
    const payout = request();
    stand.failNext();
    await expect(stp.send(payout)).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
    expect(await stp.lookup({ idempotencyKey: payout.idempotencyKey, sentOn: today() })).toBe('not-found');
    expect(await stp.send(payout)).toMatchObject({ status: 'processing' });
    expect(stand.orders).toHaveLength(1);
  });

  it('finds an order STP put on the next operation day (sent after the cut-off)', async () => {
    const stp = new StpPayouts(config());
    const payout = request();
    stand.operationDay = dayAfter(today()).replaceAll('-', '');
    await stp.send(payout);
    stand.operationDay = today().replaceAll('-', '');
    expect(await stp.lookup({ idempotencyKey: payout.idempotencyKey, sentOn: today() })).toMatchObject({ status: 'processing' });
  });

  it('maps returns and cancellations: returned unsettled is rejected, returned after settling is reversed, each with its cause', async () => {
    const stp = new StpPayouts(config());
    const cases = [
      { outcome: { kind: 'returned', causaDevolucion: 1 } as const, expected: { status: 'rejected', reason: 'account-invalid', detail: 'devolución 1: Cuenta inexistente' } },
      { outcome: { kind: 'returned', causaDevolucion: 3 } as const, expected: { status: 'rejected', reason: 'account-closed' } },
      { outcome: { kind: 'returned-after-liquidation', causaDevolucion: 2 } as const, expected: { status: 'reversed', reason: 'account-closed' } },
      { outcome: { kind: 'returned', causaDevolucion: 20 } as const, expected: { status: 'rejected', reason: 'bank-rejected' } },
      { outcome: { kind: 'returned', causaDevolucion: 99 } as const, expected: { status: 'rejected', reason: 'other' } },
      { outcome: { kind: 'cancelled' } as const, expected: { status: 'rejected', reason: 'bank-rejected' } },
    ];
    for (const { outcome, expected } of cases) {
      const payout = request();
      stand.nextOrder(outcome);
      const sent = await stp.send(payout);
      const found = await stp.lookup({ idempotencyKey: payout.idempotencyKey, sentOn: today() });
      expect(found).toMatchObject({ ...expected, providerPayoutId: sent.status === 'processing' ? sent.providerPayoutId : 'none' });
      if (expected.status === 'reversed') expect(found).toMatchObject({ transferRef: payout.idempotencyKey });
    }
  });

  // STP's documented order states, each with what the payout becomes (docs/decisions/214): only a
  // settlement pays it, only a return or a refusal ends it, and every other state keeps it in flight.
  const STATES: [estado: string, name: string, becomes: 'paid' | 'rejected' | 'reversed' | 'processing'][] = [
    ['C', 'capturada', 'processing'],
    ['PL', 'pendiente de liberar', 'processing'],
    ['L', 'liberada', 'processing'],
    ['PA', 'pendiente de autorizar', 'processing'],
    ['A', 'autorizada', 'processing'],
    ['E', 'enviada', 'processing'],
    ['EA', 'enviada adapter', 'processing'],
    ['LQ', 'liquidada', 'paid'],
    ['CN', 'cancelada', 'rejected'],
    ['TC', 'traspaso capturado', 'processing'],
    ['TL', 'traspaso liberado', 'processing'],
    ['TA', 'traspaso autorizado', 'processing'],
    ['TLQ', 'traspaso liquidado', 'paid'],
    ['TCL', 'traspaso cancelado', 'rejected'],
    ['R', 'recibida', 'processing'],
    ['XD', 'por devolver', 'processing'],
    ['D', 'devuelta', 'rejected'],
    ['XR', 'por retornar', 'processing'],
    ['RE', 'retornada', 'rejected'],
    ['CXO', 'por enviar confirmación', 'processing'],
    ['CCE', 'confirmación enviada', 'processing'],
    ['CCO', 'confirmada', 'processing'],
    ['CCR', 'confirmación rechazada', 'processing'],
    ['XC', 'por cancelar', 'processing'],
    ['CL', 'cancelada local', 'rejected'],
    ['CR', 'cancelada rechazada', 'processing'],
    ['RL', 'rechazada local', 'rejected'],
    ['CA', 'cancelada adapter', 'rejected'],
    ['RA', 'rechazada adapter', 'rejected'],
    ['RB', 'rechazada Banxico', 'rejected'],
    ['EL', 'eliminada', 'rejected'],
    ['EP', 'exportación POA', 'processing'],
    ['EC', 'exportación CEP', 'processing'],
    ['ZZ', 'a state STP has not documented', 'processing'],
  ];
  it.each(STATES)('reads an order in state %s (%s) as %s', async (estado, _name, becomes) => {
    const stp = new StpPayouts(config());
    const payout = request();
    stand.nextOrder({ kind: 'estado', estado, ...(becomes === 'rejected' && /^(D|RE)$/.test(estado) ? { causaDevolucion: 1 } : {}) });
    const sent = await stp.send(payout);
    const found = await stp.lookup({ idempotencyKey: payout.idempotencyKey, sentOn: today() });
    expect(found).toMatchObject({ status: becomes, providerPayoutId: sent.status === 'processing' ? sent.providerPayoutId : 'none' });
  });

  it('reads a returned order that had settled as reversed, for both of STP’s return states', async () => {
    const stp = new StpPayouts(config());
    for (const estado of ['D', 'RE']) {
      const payout = request();
      stand.nextOrder({ kind: 'estado', estado, causaDevolucion: 2, settled: true });
      await stp.send(payout);
      expect(await stp.lookup({ idempotencyKey: payout.idempotencyKey, sentOn: today() })).toMatchObject({ status: 'reversed', reason: 'account-closed' });
    }
  });

  it('refuses a CLABE of a bank STP does not send to as an invalid account, without calling STP', async () => {
    const stp = new StpPayouts(config());
    const payout = request();
    const unknown = await stp.send({ ...payout, beneficiary: { ...payout.beneficiary, accountNumber: clabe('999'), bankCode: '999' } });
    expect(unknown).toMatchObject({ status: 'rejected', reason: 'account-invalid' });
    expect(stand.calls).toEqual([]);
  });
});

/** Our webhook's stand-in: hands the raw callback to the adapter and answers what it made of it. */
async function startReceiver(stp: StpPayouts): Promise<{ url: string; seen: (PayoutNotification | string)[] }> {
  const seen: (PayoutNotification | string)[] = [];
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      stp.readNotification(Buffer.concat(chunks), req.headers).then(
        (notification) => {
          seen.push(notification);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ mensaje: 'recibido' }));
        },
        (error: unknown) => {
          seen.push(error instanceof PayoutNotificationRefused ? `refused: ${error.message}` : 'failed');
          res.writeHead(400).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/payouts/stp`, seen };
}

describe('STP payouts: the state callback', () => {
  it('confirms a callback by asking STP, and trusts STP’s answer over the callback’s word', async () => {
    const stp = new StpPayouts(config());
    const { url, seen } = await startReceiver(stp);
    const payout = request();
    await stp.send(payout);
    const order = stand.orders[0];
    if (!order) throw new Error('no order');

    // A callback claiming success for an order still in flight reads as in flight.
    expect(await stand.postCambioEstado(url, stand.cambioEstado(order, { estado: 'LIQUIDACION' }))).toBe(200);
    expect(seen.at(-1)).toEqual({
      eventId: `stp-${order.idEF}-LIQUIDACION`,
      providerPayoutId: String(order.idEF),
      reference: order.claveRastreo,
      state: { status: 'processing', providerPayoutId: String(order.idEF) },
    });

    stand.settle(payout.idempotencyKey, { kind: 'liquidated' });
    expect(await stand.postCambioEstado(url, stand.cambioEstado(order))).toBe(200);
    expect(seen.at(-1)).toMatchObject({ eventId: `stp-${order.idEF}-LIQUIDACION`, state: { status: 'paid', transferRef: payout.idempotencyKey } });

    stand.settle(payout.idempotencyKey, { kind: 'returned-after-liquidation', causaDevolucion: 3 });
    expect(await stand.postCambioEstado(url, stand.cambioEstado(order))).toBe(200);
    expect(seen.at(-1)).toMatchObject({ eventId: `stp-${order.idEF}-DEVOLUCION`, state: { status: 'reversed', reason: 'account-closed' } });
  });

  it('refuses a callback for an order STP does not have, for another empresa, with another id, or malformed', async () => {
    const stp = new StpPayouts(config());
    const { url, seen } = await startReceiver(stp);
    await stp.send(request());
    const order = stand.orders[0];
    if (!order) throw new Error('no order');
    const forged = [
      stand.cambioEstado(order, { folioOrigen: 'MX2611999999P1' }),
      stand.cambioEstado(order, { empresa: 'OTRA' }),
      stand.cambioEstado(order, { id: order.idEF + 1 }),
      stand.cambioEstado(order, { folioOrigen: 'not a folio!' }),
      '{"id": 1, "empresa": "PRESTAMOS"',
      // STP's older callback names no empresa and no folio: nothing to confirm it by.
      JSON.stringify({ id: order.idEF, Estado: 'LIQUIDACION', Detalle: '0' }),
    ];
    for (const body of forged) expect(await stand.postCambioEstado(url, body)).toBe(400);
    expect(seen).toEqual([
      'refused: STP has no order with this folio',
      'refused: for another empresa',
      'refused: the id is not STP’s id of this order',
      'refused: without a folio of ours',
      'refused: not JSON',
      'refused: for another empresa',
    ]);
  });
});

describe('STP payouts: the day’s listing', () => {
  it('lists the day’s settled orders as paid and the returned ones as reversed, page by page, across both operation days', async () => {
    const stp = new StpPayouts(config());
    stand.pageSize = 2;
    const amounts = [10_000, 20_050, 30_001];
    for (const amountMinor of amounts) {
      stand.nextOrder({ kind: 'liquidated' });
      await stp.send(request({ amountMinor }));
    }
    stand.nextOrder({ kind: 'returned-after-liquidation', causaDevolucion: 1 });
    await stp.send(request({ amountMinor: 40_000 }));
    stand.nextOrder({ kind: 'returned', causaDevolucion: 1 });
    await stp.send(request({ amountMinor: 50_000 }));
    await stp.send(request({ amountMinor: 60_000 }));
    stand.operationDay = dayAfter(today()).replaceAll('-', '');
    stand.nextOrder({ kind: 'liquidated' });
    await stp.send(request({ amountMinor: 70_000 }));

    const lines = await stp.payoutsOn(today());
    const byAmount = (amount: number) => lines.find((line) => line.amountMinor === amount);
    expect(lines.map((line) => [line.amountMinor, line.status]).sort()).toEqual([
      [10_000, 'paid'],
      [20_050, 'paid'],
      [30_001, 'paid'],
      [40_000, 'reversed'],
      [70_000, 'paid'],
    ]);
    expect(byAmount(10_000)).toEqual({ providerPayoutId: String(stand.orders[0]?.idEF), amountMinor: 10_000, feeMinor: 0, currency: 'MXN', status: 'paid' });
    expect(stand.calls.filter((call) => call.path === 'consOrdenesFech').length).toBeGreaterThan(3);
    expect(await stp.payoutsOn(dayAfter(dayAfter(today())))).toEqual([]);
  });
});
