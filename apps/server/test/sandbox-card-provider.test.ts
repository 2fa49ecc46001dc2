import { randomBytes } from 'node:crypto';
import { luhnValid, SandboxTestCard, type CardTokenizeRequest, type SandboxTestCardKind } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCardCharges, sandboxCardTokens } from '../src/db/schema';
import { CardProviderTimeoutError, CardProviderUnavailableError, CardTokenUnknownError } from '../src/providers/cards/card-provider';
import { SANDBOX_PUBLISHABLE_KEY, SANDBOX_PUBLISHABLE_KEYS, SandboxCardPath } from '../src/providers/cards/sandbox/sandbox-card-paths';
import { SandboxCardProvider } from '../src/providers/cards/sandbox/sandbox-card-provider';
import { TOKENIZE_PER_MINUTE } from '../src/providers/cards/sandbox/sandbox-card-routes';
import { sandboxChargeUnder } from './card-helpers';
import { createTestApp, type TestApp } from './helper';

const now = new Date('2030-04-15T12:00:00Z');
let t: TestApp;
let cards: SandboxCardProvider;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  const configured = t.app.cardProviders.card;
  if (!(configured instanceof SandboxCardProvider)) throw new Error('the sandbox is not the configured card provider');
  cards = configured;
});
afterAll(async () => t?.close());

/** Each call from an address of its own, so the per-address limit counts only where a test means it to. */
const freshAddress = () => `198.51.100.${randomBytes(1)[0] ?? 1}`;

function card(overrides: Partial<CardTokenizeRequest> = {}): CardTokenizeRequest {
  return { publishableKey: SANDBOX_PUBLISHABLE_KEY, number: SandboxTestCard.approve, expMonth: 12, expYear: 2031, holderName: 'Ana Pérez', ...overrides };
}

async function tokenizeOverHttp(body: unknown, remoteAddress = freshAddress()) {
  const response = await t.app.inject({
    method: 'POST',
    url: SandboxCardPath.tokens,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress,
  });
  return { status: response.statusCode, raw: response.body, body: response.json<Record<string, unknown>>() };
}

const key = () => `test-${randomBytes(8).toString('hex')}`;

async function tokenOf(kind: SandboxTestCardKind): Promise<string> {
  return (await cards.tokenizeTestCard(kind, 'Luis Gómez')).token;
}

describe('tokenisation at the sandbox provider address', () => {
  it('tokenises a good card: a random token, the last 4 digits and a bank, never the number', async () => {
    const answer = await tokenizeOverHttp(card());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token: expect.stringMatching(/^tok_[A-Za-z0-9_-]{24}$/), last4: '4242', bankName: 'Banco Demo Visa', bankCode: 'DEMOV' });
    expect(answer.raw).not.toContain(SandboxTestCard.approve);
    expect(await cards.tokenDetails(String(answer.body.token))).toEqual({
      token: answer.body.token,
      last4: '4242',
      bankName: 'Banco Demo Visa',
      bankCode: 'DEMOV',
      requiresCode: false,
    });
  });

  it('derives the bank from the network and lets any other Luhn-valid number approve', async () => {
    const mastercard = await tokenizeOverHttp(card({ number: '5555555555554444' }));
    expect(mastercard.body).toMatchObject({ last4: '4444', bankName: 'Banco Demo Mastercard', bankCode: 'DEMOM' });
    const [row] = await t.database.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, String(mastercard.body.token)));
    expect(row?.behaviour).toBe('approve');
  });

  it('reports that the code test card asks for a code, and the others do not', async () => {
    for (const kind of Object.keys(SandboxTestCard) as SandboxTestCardKind[]) {
      const details = await cards.tokenDetails(await tokenOf(kind));
      expect(details?.requiresCode, kind).toBe(kind === 'code');
    }
  });

  it('accepts a card through the last day of its expiry month and refuses it after', async () => {
    expect((await tokenizeOverHttp(card({ expMonth: 4, expYear: 2030 }))).status).toBe(200);
    const expired = await tokenizeOverHttp(card({ expMonth: 3, expYear: 2030 }));
    expect(expired).toMatchObject({ status: 422, body: { error: 'expired_card', message: 'The card has expired.' } });
    expect((await tokenizeOverHttp(card({ expMonth: 12, expYear: 2029 }))).body.error).toBe('expired_card');
  });

  it('refuses a number failing the Luhn check, another key and malformed bodies, in English, quoting no number', async () => {
    const typo = '4242424242424241';
    const answers = [
      [await tokenizeOverHttp(card({ number: typo })), 422, 'invalid_number'],
      [await tokenizeOverHttp(card({ publishableKey: 'pk_live_somebody_else' })), 401, 'invalid_publishable_key'],
      [await tokenizeOverHttp(card({ number: '4242 4242 4242 4242' })), 400, 'invalid_request'],
      [await tokenizeOverHttp(card({ number: '424242424242' })), 400, 'invalid_request'],
      [await tokenizeOverHttp(card({ expMonth: 13 })), 400, 'invalid_request'],
      [await tokenizeOverHttp(card({ holderName: '' })), 400, 'invalid_request'],
      [await tokenizeOverHttp(`{"number":"${typo}",`), 400, 'invalid_request'],
      [await tokenizeOverHttp(''), 400, 'invalid_request'],
    ] as const;
    for (const [answer, status, error] of answers) {
      expect(answer.status, answer.raw).toBe(status);
      expect(answer.body).toEqual({ error, message: expect.stringMatching(/^[A-Z][ -~]+\.$/) });
      expect(answer.raw).not.toMatch(/\d{12,}/);
    }
    expect(answers[2][0].body.message).toBe('The field number is missing or malformed.');
  });

  it('goes through the same checks when called in the process', async () => {
    await expect(cards.tokenize(card({ number: '4000000000000003' }))).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(cards.tokenize(card({ publishableKey: 'pk_other' }))).rejects.toMatchObject({ code: 'invalid_publishable_key' });
  });

  it('limits tokenisations per address, refused ones counted', async () => {
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < TOKENIZE_PER_MINUTE; i += 1) statuses.push((await tokenizeOverHttp(card({ number: '4242424242424241' }), address)).status);
    expect(statuses).toEqual(Array(TOKENIZE_PER_MINUTE).fill(422));
    const limited = await tokenizeOverHttp(card(), address);
    expect(limited).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
    expect((await tokenizeOverHttp(card(), freshAddress())).status).toBe(200);
  });

  it("answers the tokenisation address and the key of the borrower's market's account the card form shows", async () => {
    expect(await t.app.cardProviders.card.cardEntry(1, 'MX')).toEqual({ entry: 'form', tokenizeUrl: '/sandbox/card-provider/tokens', publishableKey: 'pk_sandbox_lend' });
    expect(await t.app.cardProviders.rails.forMarket('IN').card.cardEntry(1, 'IN')).toMatchObject({ publishableKey: SANDBOX_PUBLISHABLE_KEYS.IN });
  });

  it("names an Indian bank for a card tokenised on India's account", async () => {
    const answer = await tokenizeOverHttp(card({ publishableKey: SANDBOX_PUBLISHABLE_KEYS.IN }));
    expect(answer).toMatchObject({ status: 200, body: { last4: '4242', bankName: 'HDFC Bank', bankCode: 'HDFC' } });
  });
});

describe('charges', () => {
  it('charges by the card behaviour: approve and code succeed, decline and insufficient do not', async () => {
    const expected = { approve: 'succeeded', code: 'succeeded', decline: 'declined', insufficient: 'insufficientFunds' } as const;
    for (const [kind, outcome] of Object.entries(expected)) {
      const charge = await t.app.cardProviders.card.charge({ idempotencyKey: key(), token: await tokenOf(kind as SandboxTestCardKind), amountMinor: 1_500_00, currency: 'MXN' });
      expect(charge, kind).toEqual({ chargeId: expect.stringMatching(/^ch_[A-Za-z0-9_-]{24}$/), outcome, amountMinor: 1_500_00, createdAt: expect.any(Date) });
    }
  });

  it('answers the first charge for a key asked again, and refuses the key for another charge', async () => {
    const token = await tokenOf('approve');
    const idempotencyKey = key();
    const first = await cards.charge({ idempotencyKey, token, amountMinor: 900_00, currency: 'INR' });
    const again = await cards.charge({ idempotencyKey, token, amountMinor: 900_00, currency: 'INR' });
    expect(again).toEqual(first);
    await expect(cards.charge({ idempotencyKey, token, amountMinor: 901_00, currency: 'INR' })).rejects.toBeInstanceOf(CardProviderUnavailableError);
    await expect(cards.charge({ idempotencyKey, token: await tokenOf('approve'), amountMinor: 900_00, currency: 'INR' })).rejects.toBeInstanceOf(
      CardProviderUnavailableError,
    );
    expect(await t.database.db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, idempotencyKey))).toHaveLength(1);
  });

  it('makes one charge of 50 concurrent calls with one key, and answers every call with it', async () => {
    const token = await tokenOf('approve');
    const idempotencyKey = key();
    const charges = await Promise.all(Array.from({ length: 50 }, () => cards.charge({ idempotencyKey, token, amountMinor: 250_00, currency: 'MXN' })));
    expect(new Set(charges.map((charge) => charge.chargeId)).size).toBe(1);
    expect(await t.database.db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, idempotencyKey))).toHaveLength(1);
  });

  it('takes the money on a timeout card but loses the answer; the charge is then found by its key', async () => {
    const idempotencyKey = key();
    await expect(findable(idempotencyKey)).resolves.toBeNull();
    const token = await tokenOf('timeout');
    await expect(cards.charge({ idempotencyKey, token, amountMinor: 700_00, currency: 'MXN' })).rejects.toBeInstanceOf(CardProviderTimeoutError);
    const found = await findable(idempotencyKey);
    expect(found).toMatchObject({ outcome: 'succeeded', amountMinor: 700_00 });
    // Asked again with the same key, it is the same charge, and the answer is lost again.
    await expect(cards.charge({ idempotencyKey, token, amountMinor: 700_00, currency: 'MXN' })).rejects.toBeInstanceOf(CardProviderTimeoutError);
    expect(await findable(idempotencyKey)).toEqual(found);
  });

  it('refuses a token it never issued and an amount of nothing, charging nothing', async () => {
    const idempotencyKey = key();
    await expect(cards.charge({ idempotencyKey, token: 'tok_never_issued', amountMinor: 100, currency: 'MXN' })).rejects.toBeInstanceOf(CardTokenUnknownError);
    await expect(cards.charge({ idempotencyKey, token: await tokenOf('approve'), amountMinor: 0, currency: 'MXN' })).rejects.toBeInstanceOf(
      CardProviderUnavailableError,
    );
    expect(await findable(idempotencyKey)).toBeNull();
    expect(await cards.tokenDetails('tok_never_issued')).toBeNull();
  });

  it('waits its configured latency before a charge or a lookup answers', async () => {
    const slow = new SandboxCardProvider({ db: t.database.db, now: () => now, latencyMs: 120 });
    const token = (await slow.tokenizeTestCard('approve', 'Ana')).token;
    const idempotencyKey = key();
    let started = performance.now();
    await slow.charge({ idempotencyKey, token, amountMinor: 100_00, currency: 'MXN' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    started = performance.now();
    await slow.findCharge({ idempotencyKey });
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});

describe('what the provider keeps and logs', () => {
  it('holds no card number in its tables and writes none to the log', async () => {
    const tokens = await t.database.db.select().from(sandboxCardTokens);
    const charges = await t.database.db.select().from(sandboxCardCharges);
    expect(tokens.length).toBeGreaterThan(10);
    const stored = JSON.stringify([tokens, charges]);
    // A card number stands alone and passes Luhn; random keys and tokens may hold a long run of
    // digits by chance, inside letters and digits of their own, and one in ten such runs passes Luhn.
    const cardLike = (stored.match(/(?<![A-Za-z0-9])\d{13,19}(?![A-Za-z0-9])/g) ?? []).filter((digits) => luhnValid(digits));
    expect(cardLike).toEqual([]);
    for (const number of [...Object.values(SandboxTestCard), '5555555555554444']) expect(stored).not.toContain(number);
    for (const number of [...Object.values(SandboxTestCard), '5555555555554444']) expect(t.logs()).not.toContain(number);
    expect(t.logs()).not.toContain(SandboxTestCard.approve.slice(0, 12));
  });
});

function findable(idempotencyKey: string) {
  return sandboxChargeUnder(t, idempotencyKey);
}
