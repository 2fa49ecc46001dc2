import { setTimeout as sleep } from 'node:timers/promises';
import {
  cardTokenizeRequestSchema,
  luhnValid,
  SandboxTestCard,
  type CardTokenizeRequest,
  type CardTokenizeResponse,
  type SandboxTestCardKind,
} from '@lend/contracts';
import { MARKETS, type Market } from '@lend/domain';
import type { Db } from '../../../db/client';
import {
  CardProviderTimeoutError,
  CardProviderUnavailableError,
  CardTokenUnknownError,
  type CardEntry,
  type CardProvider,
  type CardTokenDetails,
  type Charge,
  type ChargeOutcome,
  type ChargeRequest,
  type SentCharge,
} from '../card-provider';
import { behaviourOf, isSandboxBehaviour, sandboxBank, type SandboxBehaviour } from './sandbox-card-behaviour';
import { findChargeByKey, findToken, insertChargeOnce, insertToken, type SandboxChargeRow } from './sandbox-card-repository';
import { sandboxId } from './sandbox-ids';
import { SANDBOX_CARD_PROVIDER_NAME, SANDBOX_PUBLISHABLE_KEYS, SandboxCardPath } from './sandbox-card-paths';

export type SandboxCardOptions = {
  db: Db;
  now: () => Date;
  /** The sandbox's round trip before a charge or a charge lookup answers (CARD_SANDBOX_LATENCY_MS). */
  latencyMs: number;
};

/** Why the provider refused to tokenise a card; its software reads `code`, people read `message`. */
export type TokenizeRefusalCode = 'invalid_request' | 'invalid_publishable_key' | 'invalid_number' | 'expired_card';

export class TokenizeRefusal extends Error {
  override name = 'TokenizeRefusal';
  constructor(
    readonly code: TokenizeRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

const OUTCOME: Record<SandboxBehaviour, ChargeOutcome> = {
  approve: 'succeeded',
  code: 'succeeded',
  decline: 'declined',
  insufficient: 'insufficientFunds',
  // The money is taken; only the answer is lost.
  timeout: 'succeeded',
};

function isChargeOutcome(value: string): value is ChargeOutcome {
  return value === 'succeeded' || value === 'declined' || value === 'insufficientFunds';
}

function toCharge(row: SandboxChargeRow): Charge {
  if (!isChargeOutcome(row.status)) throw new Error(`sandbox charge has an unknown status: ${row.status}`);
  return { chargeId: row.id, outcome: row.status, amountMinor: row.amountMinor, createdAt: row.createdAt };
}

/** A card is good through the last day of its expiry month. */
function expired(expMonth: number, expYear: number, now: Date): boolean {
  return expYear * 12 + (expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

/**
 * The card provider that runs in our process by default (docs/decisions/081): it keeps its tokens
 * and charges in its own `sandbox_*` tables and behaves by the card number, so every outcome of a
 * real provider (a code, a decline, a lost answer) can be reached on purpose. It never keeps the
 * full number: only the last 4 digits, a bank and the behaviour the number chose.
 */
export class SandboxCardProvider implements CardProvider {
  readonly name = SANDBOX_CARD_PROVIDER_NAME;

  constructor(private readonly options: SandboxCardOptions) {}

  /** The form posts to our tokenisation address with the key of the borrower's market's account. */
  async cardEntry(_borrowerId = 0, market: Market = 'MX'): Promise<CardEntry> {
    return { entry: 'form', tokenizeUrl: SandboxCardPath.tokens, publishableKey: SANDBOX_PUBLISHABLE_KEYS[market] };
  }

  /** What the tokenisation address does with a card the browser posts. */
  async tokenize(input: CardTokenizeRequest): Promise<CardTokenizeResponse> {
    const parsed = cardTokenizeRequestSchema.safeParse(input);
    if (!parsed.success) {
      // Only the field is named: a message quoting the value could carry the card number.
      const field = parsed.error.issues[0]?.path.join('.') || 'body';
      throw new TokenizeRefusal('invalid_request', `The field ${field} is missing or malformed.`);
    }
    const card = parsed.data;
    const market = MARKETS.find((each) => SANDBOX_PUBLISHABLE_KEYS[each] === card.publishableKey);
    if (!market) throw new TokenizeRefusal('invalid_publishable_key', 'The publishable key does not belong to this provider.');
    if (!luhnValid(card.number)) throw new TokenizeRefusal('invalid_number', 'The card number is not valid.');
    if (expired(card.expMonth, card.expYear, this.options.now())) throw new TokenizeRefusal('expired_card', 'The card has expired.');

    const token = sandboxId('tok_');
    const last4 = card.number.slice(-4);
    const bank = sandboxBank(card.number, market);
    await insertToken(this.options.db, {
      token,
      behaviour: behaviourOf(card.number),
      last4,
      ...bank,
      holderName: card.holderName,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    return { token, last4, ...bank };
  }

  /** A published test card through the same path as the browser's, valid for a year from now, on `market`'s account. */
  tokenizeTestCard(kind: SandboxTestCardKind, holderName: string, market: Market = 'MX'): Promise<CardTokenizeResponse> {
    return this.tokenize({
      publishableKey: SANDBOX_PUBLISHABLE_KEYS[market],
      number: SandboxTestCard[kind],
      expMonth: 12,
      expYear: this.options.now().getUTCFullYear() + 1,
      holderName,
    });
  }

  async tokenDetails(token: string): Promise<CardTokenDetails | null> {
    const row = await findToken(this.options.db, token);
    if (!row) return null;
    return { token: row.token, last4: row.last4, bankName: row.bankName, bankCode: row.bankCode, requiresCode: row.behaviour === 'code' };
  }

  async charge(request: ChargeRequest): Promise<Charge> {
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
      throw new CardProviderUnavailableError('the provider refused the charge: the amount must be a whole number of minor units above 0');
    }
    const card = await findToken(this.options.db, request.token);
    if (!card || !isSandboxBehaviour(card.behaviour)) throw new CardTokenUnknownError('the provider never issued this card token');
    const row = await insertChargeOnce(this.options.db, {
      id: sandboxId('ch_'),
      idempotencyKey: request.idempotencyKey,
      token: request.token,
      amountMinor: request.amountMinor,
      currency: request.currency,
      status: OUTCOME[card.behaviour],
    });
    if (row.token !== request.token || row.amountMinor !== request.amountMinor || row.currency !== request.currency) {
      // As a real provider does: one key is one request; reusing it for another is the caller's bug.
      throw new CardProviderUnavailableError('the provider refused the charge: the idempotency key was used for another charge');
    }
    await this.latency();
    if (card.behaviour === 'timeout') throw new CardProviderTimeoutError('the card provider did not answer in time');
    return toCharge(row);
  }

  async findCharge(sent: Pick<SentCharge, 'idempotencyKey'>): Promise<Charge | null> {
    await this.latency();
    const row = await findChargeByKey(this.options.db, sent.idempotencyKey);
    return row ? toCharge(row) : null;
  }

  private async latency(): Promise<void> {
    if (this.options.latencyMs > 0) await sleep(this.options.latencyMs);
  }
}
