import { bankCardSchema, CardRepaymentPath, type BankCard } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `bind-card`: saves the card behind a provider token; answers the saved card (never its number). */
export function bindCard(token: string): Promise<CardReply<BankCard>> {
  return callCard(CardRepaymentPath.bindCard, { schema: bankCardSchema, body: { token } });
}
