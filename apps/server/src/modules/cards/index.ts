/** Saved cards: the borrower's cards behind the provider's tokens, and the card calls' envelope. */
export { CARD_TAGS, cardOk, CardOutcome, useCardScope } from './card-error';
export { testCardRoutes } from './card-operator-routes';
export { bankCardView } from './card-presenter';
export { eraseSavedCardsOf } from './card-privacy';
export { savedCardRoutes } from './card-routes';
export { cardById, liveCardOf, liveCardsOf, saveSandboxCard, saveTestCard } from './card-service';
