import { ErrorCode, type CardFormData, type SandboxTestCardKind } from '@lend/contracts';
import { AppError } from '../../errors';
import { CardProviderTimeoutError, CardProviderUnavailableError, type CardTokenDetails } from '../../providers/cards/card-provider';
import { SandboxCardProvider } from '../../providers/cards/sandbox/sandbox-card-provider';
import { borrowerById } from '../sessions/session-service';
import type { CardDeps } from './card-deps';
import { insertCardOnce, type SavedCardRow } from './saved-card-repository';

/** Where the browser tokenises a card: the number goes to the provider, never to us. */
export function cardForm(deps: Pick<CardDeps, 'cards'>): CardFormData {
  return { provider: deps.cards.name, ...deps.cards.tokenizeForm() };
}

async function tokenDetails(deps: Pick<CardDeps, 'cards'>, token: string): Promise<CardTokenDetails | null> {
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
export async function bindCard(deps: Pick<CardDeps, 'db' | 'cards'>, borrowerId: number, token: string): Promise<SavedCardRow> {
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
  deps: Pick<CardDeps, 'db' | 'cards'>,
  input: { userId: number; kind: SandboxTestCardKind; holderName?: string | undefined },
): Promise<SavedCardRow> {
  if (!(deps.cards instanceof SandboxCardProvider)) throw new AppError(ErrorCode.NotFound);
  const borrower = await borrowerById(deps.db, input.userId);
  if (!borrower) throw new AppError(ErrorCode.NotFound);
  const tokenised = await deps.cards.tokenizeTestCard(input.kind, input.holderName ?? (borrower.name || 'Test Card'));
  return bindCard(deps, borrower.id, tokenised.token);
}
