import { CardRepaymentPath, cardFormDataSchema, type CardFormData } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `card-form`: where the browser sends a new card to be tokenised, and the key it sends along. */
export function getCardForm(): Promise<CardReply<CardFormData>> {
  return callCard(CardRepaymentPath.cardForm, { schema: cardFormDataSchema, body: {} });
}
