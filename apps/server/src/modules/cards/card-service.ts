import { ErrorCode, type CardFormData, type SandboxTestCardKind } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { CardProviderTimeoutError, CardProviderUnavailableError, type CardProvider, type CardTokenDetails } from '../../providers/cards/card-provider';
import { SandboxCardProvider } from '../../providers/cards/sandbox/sandbox-card-provider';
import { borrowerById } from '../sessions';
import { findCard, findLiveCard, insertCardOnce, listLiveCards, type SavedCardRow } from './saved-card-repository';

/** What the saved-card calls use: the database and the provider that tokenises and holds the cards. */
export type SavedCardDeps = { db: Db; cards: CardProvider };

export type SavedCard = SavedCardRow;

/** Where the browser tokenises a card: the number goes to the provider, never to us. */
export function cardForm(deps: Pick<SavedCardDeps, 'cards'>): CardFormData {
  return { provider: deps.cards.name, ...deps.cards.tokenizeForm() };
}

async function tokenDetails(deps: Pick<SavedCardDeps, 'cards'>, token: string): Promise<CardTokenDetails | null> {
  try {
    return await deps.cards.tokenDetails(token);
  } catch (error) {
    if (error instanceof CardProviderTimeoutError || error instanceof CardProviderUnavailableError) {
      throw new AppError(ErrorCode.CardProviderUnavailable);
    }
    throw error;
  }
}

/**
 * Saves the card behind a provider token for the borrower. The same token bound again answers the
 * card it saved; a token the provider never issued, or another borrower's, is refused alike.
 */
export async function bindCard(deps: SavedCardDeps, borrowerId: number, token: string): Promise<SavedCard> {
  const details = await tokenDetails(deps, token);
  if (!details) throw new AppError(ErrorCode.CardTokenRejected);
  const card = await insertCardOnce(deps.db, {
    borrowerId,
    provider: deps.cards.name,
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
): Promise<SavedCard> {
  if (!(deps.cards instanceof SandboxCardProvider)) throw new AppError(ErrorCode.NotFound);
  const borrower = await borrowerById(deps.db, input.userId);
  if (!borrower) throw new AppError(ErrorCode.NotFound);
  const tokenised = await deps.cards.tokenizeTestCard(input.kind, input.holderName ?? (borrower.name || 'Test Card'));
  return bindCard(deps, borrower.id, tokenised.token);
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
