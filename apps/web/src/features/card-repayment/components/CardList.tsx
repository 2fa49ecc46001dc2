import { maskCardNumber, type BankCard } from '@lend/contracts';
import { useId, type Ref } from 'react';
import { useT } from '../../../lib/i18n/hash';
import { FieldProblem } from '../../../ui/FieldProblem';

type Props = {
  cards: readonly BankCard[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  listRef: Ref<HTMLFieldSetElement>;
  /** Pay was pressed with no card chosen: the list asks for one. */
  attention?: boolean;
};

/** The saved cards as one choice; nothing is chosen until the borrower picks a card (docs/decisions/083). */
export function CardList({ cards, selectedId, onSelect, listRef, attention = false }: Props) {
  const t = useT();
  const problemId = useId();
  return (
    <fieldset
      className={`card-list${attention ? ' card-list--attention' : ''}`}
      ref={listRef}
      tabIndex={-1}
      data-testid="card-list"
      aria-describedby={attention ? problemId : undefined}
    >
      <legend className="card-list__legend">{t('card.detail.cards')}</legend>
      {/* Pay without a card chosen: said here, at the cards, and only here (docs/decisions/234). */}
      <FieldProblem id={problemId} problem={attention ? t('card.detail.selectCard') : null} />
      {cards.length === 0 ? (
        <p className="card-list__empty">{t('card.detail.noCards')}</p>
      ) : (
        <ul className="card-list__items">
          {cards.map((card) => (
            <li key={card.id}>
              <label className="card-list__option">
                <input type="radio" name="cardId" value={card.id} checked={card.id === selectedId} onChange={() => onSelect(card.id)} />
                <span className="card-list__text">
                  <span className="card-list__bank">{card.bankName}</span>
                  <span className="card-list__number" aria-hidden="true">
                    {maskCardNumber(card.last4)}
                  </span>
                  <span className="visually-hidden">{t('card.detail.cardEnding', { last4: card.last4 })}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
