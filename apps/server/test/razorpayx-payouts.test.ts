import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PayoutNotificationRefused, PayoutOutcomeUnknown, type PayoutBeneficiary, type PayoutRequest } from '../src/providers/payouts/payout-provider';
import { RazorpayXPayouts, readRazorpayXConfig, type RazorpayXConfig } from '../src/providers/payouts/razorpayx';
import { STAND_IN_KEY_ID, STAND_IN_KEY_SECRET, STAND_IN_WEBHOOK_SECRET, startRazorpayXStandIn, type RazorpayXStandIn } from './stand-ins/razorpayx-stand-in';

const ACCOUNT = '50100123456789';
const beneficiary: PayoutBeneficiary = { payoutAccountId: 41, borrowerId: 7, kind: 'bank-account', accountNumber: ACCOUNT, bankCode: 'HDFC0001234', holderName: 'Asha Rao' };

let sequence = 0;
function request(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  sequence += 1;
  return {
    payoutId: sequence,
    idempotencyKey: `IN-000${sequence}-payout-1`,
    orderNo: `IN-000${sequence}`,
    amountMinor: 500_000,
    currency: 'INR',
    beneficiary,
    narration: `Loan IN-000${sequence} disbursal — ₹5,000 from Lend India`,
    ...overrides,
  };
}

describe('India’s payouts through RazorpayX', () => {
  let standIn: RazorpayXStandIn;
  let config: RazorpayXConfig;
  let payouts: RazorpayXPayouts;

  beforeEach(async () => {
    standIn = await startRazorpayXStandIn();
    const read = readRazorpayXConfig({
      RAZORPAYX_KEY_ID: STAND_IN_KEY_ID,
      RAZORPAYX_KEY_SECRET: STAND_IN_KEY_SECRET,
      RAZORPAYX_ACCOUNT_NUMBER: standIn.accountNumber,
      RAZORPAYX_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      RAZORPAYX_API_BASE_URL: standIn.url,
      RAZORPAYX_TIMEOUT_MS: '10000',
    });
    if ('problems' in read) throw new Error(JSON.stringify(read.problems));
    config = read;
    payouts = new RazorpayXPayouts(config);
    standIn.openAccount(ACCOUNT, 'ASHA RAO');
  });

  afterEach(async () => {
    await standIn.close();
  });

  describe('checking an account before its first payout', () => {
    it('answers the holder’s registered name, and the same check again without a second contact, fund account or validation', async () => {
      expect(await payouts.validateAccount(beneficiary, 'check-41-1')).toEqual({ status: 'valid', registeredName: 'ASHA RAO' });
      expect(await payouts.validateAccount(beneficiary, 'check-41-1')).toEqual({ status: 'valid', registeredName: 'ASHA RAO' });
      expect(standIn.state.contacts).toHaveLength(1);
      expect(standIn.state.contacts[0]).toMatchObject({ name: 'Asha Rao', type: 'customer', reference_id: 'payout-account-41' });
      expect(standIn.state.fundAccounts).toHaveLength(1);
      expect(standIn.state.fundAccounts[0]?.bank_account).toMatchObject({ ifsc: 'HDFC0001234', account_number: ACCOUNT, name: 'Asha Rao' });
      expect(standIn.state.validations).toHaveLength(1);
      expect(standIn.state.validations[0]).toMatchObject({ amount: 100, currency: 'INR', notes: { lend_key: 'check-41-1' } });
      // A new key is a new check of the same account.
      await payouts.validateAccount(beneficiary, 'check-41-2');
      expect(standIn.state.validations).toHaveLength(2);
      expect(standIn.state.fundAccounts).toHaveLength(1);
    });

    it('says an account the bank does not know, or an IFSC RazorpayX refuses, is invalid', async () => {
      expect(await payouts.validateAccount({ ...beneficiary, accountNumber: '99999999999' }, 'check-unknown')).toMatchObject({ status: 'invalid', reason: 'account-invalid' });
      expect(await payouts.validateAccount({ ...beneficiary, bankCode: 'HDFC1234' }, 'check-bad-ifsc')).toEqual({
        status: 'invalid',
        reason: 'account-invalid',
        detail: 'Invalid IFSC Code in Bank Account',
      });
      // A name RazorpayX cannot hold (fewer than three characters) cannot be paid as given either.
      expect(await payouts.validateAccount({ ...beneficiary, holderName: 'Al' }, 'check-short-name')).toEqual({ status: 'invalid', reason: 'account-invalid', detail: 'The name field is invalid.' });
      expect(standIn.state.validations).toHaveLength(1);
    });

    it('answers pending while the bank has not answered, and the same validation’s result once it has', async () => {
      standIn.completeValidationsOnRead(2);
      expect(await payouts.validateAccount(beneficiary, 'check-slow')).toEqual({ status: 'pending' });
      expect(await payouts.validateAccount(beneficiary, 'check-slow')).toEqual({ status: 'pending' });
      expect(await payouts.validateAccount(beneficiary, 'check-slow')).toEqual({ status: 'valid', registeredName: 'ASHA RAO' });
      expect(standIn.state.validations).toHaveLength(1);
    });
  });

  describe('sending a payout', () => {
    it('pays once by the key, with the UTR the borrower’s bank shows, and answers the same payout when asked again', async () => {
      const asked = request();
      const state = await payouts.send(asked);
      expect(state).toMatchObject({ status: 'paid', transferRef: expect.stringMatching(/^HDFCN\d{11}$/), providerPayoutId: expect.stringMatching(/^pout_/) });
      expect(state.status === 'paid' && state.paidAt).toBeInstanceOf(Date);
      const [made] = standIn.payouts;
      expect(made).toMatchObject({ amount: 500_000, currency: 'INR', mode: 'IMPS', purpose: 'payout', reference_id: asked.idempotencyKey, narration: `Loan IN 000${asked.payoutId} disbursal 5 000` });
      expect(made?.narration?.length).toBeLessThanOrEqual(30);

      expect(await payouts.send(asked)).toEqual(state);
      expect(standIn.payouts).toHaveLength(1);
      expect(standIn.payoutRequests.map((call) => call.key)).toEqual([asked.idempotencyKey, asked.idempotencyKey]);
      expect(await payouts.lookup({ idempotencyKey: asked.idempotencyKey, sentOn: '2026-11-26' })).toEqual(state);
    });

    it('treats a request that timed out as unknown, and the look-up by key finds what RazorpayX made', async () => {
      const asked = request();
      standIn.answerNextPayoutAfter(60_000);
      const impatient = new RazorpayXPayouts({ ...config, timeoutMs: 1_000 });
      await expect(impatient.send(asked)).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
      expect(standIn.payouts).toHaveLength(1);
      expect(await payouts.lookup({ idempotencyKey: asked.idempotencyKey, sentOn: '2026-11-26' })).toMatchObject({ status: 'paid', providerPayoutId: standIn.payouts[0]?.id });
      // Sent again under its key it is the same payout, not a second one.
      expect(await payouts.send(asked)).toMatchObject({ status: 'paid', providerPayoutId: standIn.payouts[0]?.id });
      expect(standIn.payouts).toHaveLength(1);
    });

    it('treats a 500 as unknown; the look-up then finds nothing was made', async () => {
      const asked = request();
      standIn.failNextPayoutRequest();
      await expect(payouts.send(asked)).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
      expect(await payouts.lookup({ idempotencyKey: asked.idempotencyKey, sentOn: '2026-11-26' })).toBe('not-found');
    });

    it('never turns the same key with other details into a second payout', async () => {
      const asked = request();
      await payouts.send(asked);
      await expect(payouts.send({ ...asked, amountMinor: 600_000 })).rejects.toBeInstanceOf(PayoutOutcomeUnknown);
      expect(standIn.payouts).toHaveLength(1);
      expect(standIn.payoutRequests.map((call) => call.status)).toEqual([200, 400]);
    });

    it('maps why a payout failed to our reasons', async () => {
      standIn.nextPayouts(
        { status: 'failed', reason: 'beneficiary_bank_account_closed', description: 'The beneficiary account is closed.' },
        { status: 'failed', reason: 'invalid_ifsc_code', description: 'The IFSC code is invalid.' },
        { status: 'failed', reason: 'beneficiary_name_mismatch', description: 'The beneficiary name does not match.' },
        { status: 'failed', reason: 'beneficiary_bank_failure', description: 'The beneficiary bank declined the payout.' },
        { status: 'failed', reason: 'server_error', description: 'Payout failed due to a technical error.', source: 'internal' },
      );
      const reasons = [];
      for (let n = 0; n < 5; n += 1) {
        const state = await payouts.send(request());
        expect(state.status).toBe('rejected');
        if (state.status === 'rejected') reasons.push([state.reason, state.detail]);
      }
      expect(reasons).toEqual([
        ['account-closed', 'The beneficiary account is closed.'],
        ['account-invalid', 'The IFSC code is invalid.'],
        ['name-mismatch', 'The beneficiary name does not match.'],
        ['bank-rejected', 'The beneficiary bank declined the payout.'],
        ['other', 'Payout failed due to a technical error.'],
      ]);
    });

    it('answers a refused request as rejected with nothing made: above IMPS’s ₹5 lakh, or to an IFSC that cannot be', async () => {
      expect(await payouts.send(request({ amountMinor: 50_000_001 }))).toEqual({ status: 'rejected', reason: 'other', detail: 'Amount exceeds the maximum amount allowed for IMPS mode.' });
      expect(await payouts.send(request({ beneficiary: { ...beneficiary, bankCode: 'XXXX' } }))).toMatchObject({ status: 'rejected', reason: 'account-invalid' });
      expect(await payouts.send(request({ beneficiary: { ...beneficiary, holderName: '—' } }))).toEqual({ status: 'rejected', reason: 'account-invalid', detail: 'The name field is invalid.' });
      expect(standIn.payouts).toHaveLength(0);
    });

    it('throws, making nothing, when RazorpayX refuses the key itself', async () => {
      const wrong = new RazorpayXPayouts({ ...config, keySecret: 'not-the-secret' });
      await expect(wrong.send(request())).rejects.toThrow(/401/);
      expect(standIn.payouts).toHaveLength(0);
    });

    it('keeps a queued payout in flight, and reads one the bank returned as reversed', async () => {
      standIn.nextPayouts({ status: 'queued' });
      const queued = request();
      expect(await payouts.send(queued)).toMatchObject({ status: 'processing' });
      expect(await payouts.lookup({ idempotencyKey: queued.idempotencyKey, sentOn: '2026-11-26' })).toMatchObject({ status: 'processing' });

      const paid = await payouts.send(request());
      if (paid.status !== 'paid') throw new Error(`expected paid, got ${paid.status}`);
      standIn.reverse(paid.providerPayoutId, 'beneficiary_bank_account_closed', 'The beneficiary account was closed after the transfer.');
      expect(await payouts.lookup({ idempotencyKey: 'not-this-key', providerPayoutId: paid.providerPayoutId, sentOn: '2026-11-26' })).toEqual({
        status: 'reversed',
        providerPayoutId: paid.providerPayoutId,
        transferRef: paid.transferRef,
        reason: 'account-closed',
        detail: 'The beneficiary account was closed after the transfer.',
      });
    });
  });

  describe('notifications', () => {
    it('reads a signed payout event by its event id and key, and refuses a tampered or unsigned one', async () => {
      const asked = request();
      const paid = await payouts.send(asked);
      const providerPayoutId = standIn.payouts[0]?.id ?? '';
      const { rawBody, headers } = standIn.webhook(providerPayoutId, 'payout.processed');
      expect(await payouts.readNotification(rawBody, headers)).toEqual({ eventId: headers['x-razorpay-event-id'], idempotencyKey: asked.idempotencyKey, providerPayoutId, state: paid });

      const tampered = Buffer.from(rawBody.toString('utf8').replace('"amount":500000', '"amount":5000000'));
      await expect(payouts.readNotification(tampered, headers)).rejects.toBeInstanceOf(PayoutNotificationRefused);
      expect(await payouts.readNotification(rawBody, { 'X-Razorpay-Signature': headers['x-razorpay-signature'], 'X-Razorpay-Event-Id': 'evt_AsSent' })).toMatchObject({ eventId: 'evt_AsSent' });
      await expect(payouts.readNotification(rawBody, { ...headers, 'x-razorpay-signature': undefined })).rejects.toBeInstanceOf(PayoutNotificationRefused);
      await expect(payouts.readNotification(rawBody, { ...headers, 'x-razorpay-signature': 'ab'.repeat(32) })).rejects.toBeInstanceOf(PayoutNotificationRefused);
      const otherSecret = new RazorpayXPayouts({ ...config, webhookSecret: 'another-webhook-secret' });
      await expect(otherSecret.readNotification(rawBody, headers)).rejects.toBeInstanceOf(PayoutNotificationRefused);

      standIn.reverse(providerPayoutId, 'beneficiary_bank_failure', 'Returned by the beneficiary bank.');
      const reversed = standIn.webhook(providerPayoutId, 'payout.reversed');
      expect(await payouts.readNotification(reversed.rawBody, reversed.headers)).toMatchObject({ state: { status: 'reversed', reason: 'bank-rejected' } });
      const other = standIn.webhook(providerPayoutId, 'payment.captured');
      await expect(payouts.readNotification(other.rawBody, other.headers)).rejects.toBeInstanceOf(PayoutNotificationRefused);
    });

    it('reads a delivery as it arrives over HTTP, for queued, failed and processed payouts alike', async () => {
      const received: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> }[] = [];
      const receiver = createServer((incoming, response) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          received.push({ rawBody: Buffer.concat(chunks), headers: incoming.headers });
          response.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/payouts/razorpayx`;
      try {
        standIn.nextPayouts({ status: 'queued' }, { status: 'failed', reason: 'beneficiary_bank_account_invalid', description: 'Invalid beneficiary account.' });
        await payouts.send(request());
        await payouts.send(request());
        const [queued, failed] = standIn.payouts;
        expect((await standIn.deliverWebhook(target, queued?.id ?? '', 'payout.queued')).status).toBe(200);
        expect((await standIn.deliverWebhook(target, failed?.id ?? '', 'payout.failed')).status).toBe(200);
        const read = await Promise.all(received.map(({ rawBody, headers }) => payouts.readNotification(rawBody, headers)));
        expect(read.map((notification) => notification.state)).toEqual([
          { status: 'processing', providerPayoutId: queued?.id },
          { status: 'rejected', providerPayoutId: failed?.id, reason: 'account-invalid', detail: 'Invalid beneficiary account.' },
        ]);
        expect(new Set(read.map((notification) => notification.eventId)).size).toBe(2);
      } finally {
        await new Promise<void>((resolve) => receiver.close(() => resolve()));
      }
    });
  });

  it('lists a day’s processed and reversed payouts with their fees, every page', async () => {
    const day = Date.parse('2026-11-20T00:00:00Z') / 1000;
    for (let n = 0; n < 230; n += 1) standIn.addPayout({ created_at: day + n * 300, amount: 100_000 + n, reference_id: `IN-day-${n}` });
    for (let n = 0; n < 4; n += 1) standIn.addPayout({ created_at: day + 80_000 + n, status: 'reversed', amount: 200_000 });
    for (const status of ['failed', 'processing', 'queued', 'cancelled'] as const) standIn.addPayout({ created_at: day + 70_000, status });
    standIn.addPayout({ created_at: day - 1 });
    standIn.addPayout({ created_at: day + 86_400 });

    const lines = await payouts.payoutsOn('2026-11-20');
    expect(lines).toHaveLength(234);
    expect(lines.filter((line) => line.status === 'reversed')).toHaveLength(4);
    expect(lines.every((line) => line.feeMinor === 590 && line.currency === 'INR')).toBe(true);
    expect(lines.find((line) => line.idempotencyKey === 'IN-day-0')).toMatchObject({ amountMinor: 100_000, status: 'paid' });
    expect(lines.reduce((sum, line) => sum + line.amountMinor, 0)).toBe(230 * 100_000 + (229 * 230) / 2 + 4 * 200_000);
    await expect(payouts.payoutsOn('20-11-2026')).rejects.toThrow(/not a day/);
  });
});
