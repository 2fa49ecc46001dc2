import { ErrorCode, type CardFormData, type SandboxTestCardKind } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { CardProviderTimeoutError, CardProviderUnavailableError, type CardProvider } from '../../providers/cards/card-provider';
import type { CardRails } from '../../providers/cards/card-rails';
import { MARKETS, type Market } from '@lend/domain';
import { SandboxCardProvider } from '../../providers/cards/sandbox/sandbox-card-provider';
import { borrowerById } from '../sessions';
import { recordAudit, type Actor } from '../staff';
import { findCard, findLiveCard, insertCardOnce, listLiveCards, type SavedCardRow } from './saved-card-repository';

/** What the saved-card calls use: the database and each market's provider, which tokenises and holds its cards. */
export type SavedCardDeps = { db: Db; rails: CardRails };

export type SavedCard = SavedCardRow;

/** A provider that cannot answer, or takes no cards this way, is the borrower's "card payments unavailable". */
async function asked<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardProviderTimeoutError || error instanceof CardProviderUnavailableError) {
      throw new AppError(ErrorCode.CardProviderUnavailable);
    }
    throw error;
  }
}

/** A borrower's market; the table's check allows only the two. */
function marketOf(value: string): Market {
  return MARKETS.find((market) => market === value) ?? 'MX';
}

/** The borrower's market and its card provider (docs/decisions/124). */
async function providerOf(deps: SavedCardDeps, borrowerId: number): Promise<{ cards: CardProvider; market: Market }> {
  const borrower = await borrowerById(deps.db, borrowerId);
  if (!borrower) throw new AppError(ErrorCode.NotFound);
  const market = marketOf(borrower.market);
  return { cards: deps.rails.forMarket(market).card, market };
}

/**
 * How the browser gives the provider a new card: the number goes to the provider, never to us
 * (Stripe's own card fields for a SetupIntent made for this borrower, docs/decisions/218). A
 * provider that saves cards on its own page (Razorpay, docs/decisions/125) takes none this way.
 */
export async function cardForm(deps: SavedCardDeps, borrowerId: number): Promise<CardFormData> {
  const { cards, market } = await providerOf(deps, borrowerId);
  const entry = await asked(() => cards.cardEntry(borrowerId, market));
  return { provider: cards.name, ...entry };
}

/**
 * Saves the card behind a provider token for the borrower. The same token bound again answers the
 * card it saved; a token the provider never issued, or another borrower's, is refused alike.
 */
export async function bindCard(deps: SavedCardDeps, borrowerId: number, token: string): Promise<SavedCard> {
  return bindWith(deps.db, (await providerOf(deps, borrowerId)).cards, borrowerId, token);
}

/** Saves a tokenised card; an operator's save commits with its audit entry (docs/decisions/162). */
async function bindWith(db: Db, cards: CardProvider, borrowerId: number, token: string, actor?: Actor): Promise<SavedCard> {
  const details = await asked(() => cards.tokenDetails(token, borrowerId));
  if (!details) throw new AppError(ErrorCode.CardTokenRejected);
  if (actor) {
    return db.transaction(async (tx) => {
      const card = await savedOnce(tx, cards, borrowerId, details);
      await recordAudit(tx, actor, { action: 'card.test.save', objectType: 'saved-card', objectId: card.id, after: { borrowerId, provider: card.provider, card: card.last4 } });
      return card;
    });
  }
  return savedOnce(db, cards, borrowerId, details);
}

async function savedOnce(
  db: Queryable,
  cards: CardProvider,
  borrowerId: number,
  details: NonNullable<Awaited<ReturnType<CardProvider['tokenDetails']>>>,
): Promise<SavedCard> {
  const card = await insertCardOnce(db, {
    borrowerId,
    provider: cards.name,
    providerToken: details.token,
    bankName: details.bankName,
    bankCode: details.bankCode,
    last4: details.last4,
    requiresCode: details.requiresCode,
  });
  if (card.borrowerId !== borrowerId || card.removedAt !== null) throw new AppError(ErrorCode.CardTokenRejected);
  return card;
}

/**
 * A published test card saved for a borrower (operator, sandbox only): tokenised through the
 * sandbox as the browser would, then saved by the same path as `bind-card`.
 */
export async function saveTestCard(
  deps: SavedCardDeps,
  input: { userId: number; kind: SandboxTestCardKind; holderName?: string | undefined },
  actor: Actor,
): Promise<SavedCard> {
  const borrower = await borrowerById(deps.db, input.userId);
  if (!borrower) throw new AppError(ErrorCode.NotFound);
  const market = marketOf(borrower.market);
  const cards = deps.rails.forMarket(market).card;
  if (!(cards instanceof SandboxCardProvider)) throw new AppError(ErrorCode.NotFound);
  return saveSandboxCard(deps.db, cards, { ...input, userId: borrower.id, market, holderName: input.holderName ?? (borrower.name || 'Test Card') }, actor);
}

/**
 * A published test card tokenised through the sandbox, on the account of the borrower's market
 * (whose banks it is issued by), and saved for the borrower (the demo's cards).
 */
export async function saveSandboxCard(
  db: Db,
  cards: SandboxCardProvider,
  input: { userId: number; kind: SandboxTestCardKind; holderName: string; market: Market },
  actor?: Actor,
): Promise<SavedCard> {
  const tokenised = await cards.tokenizeTestCard(input.kind, input.holderName, input.market);
  return bindWith(db, cards, input.userId, tokenised.token, actor);
}

/** The borrower's cards still in use, oldest first (the order the borrower added them). */
export function liveCardsOf(db: Queryable, borrowerId: number): Promise<SavedCard[]> {
  return listLiveCards(db, borrowerId);
}

/** One of the borrower's live cards; another borrower's card, or a removed one, reads like none. */
export function liveCardOf(db: Queryable, borrowerId: number, cardId: number): Promise<SavedCard | undefined> {
  return findLiveCard(db, borrowerId, cardId);
}

/** A card by id whatever became of it: a repayment made with it still names its bank and digits. */
export function cardById(db: Queryable, cardId: number): Promise<SavedCard | undefined> {
  return findCard(db, cardId);
}
