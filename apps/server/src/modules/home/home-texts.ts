import type { BorrowBlockReason } from '@lend/contracts';
import { textLookup } from '../../plugins/language-texts';

/** Why a borrower may not borrow now, in both languages; `{orderNo}` and `{until}` are filled in. */
const en: Record<BorrowBlockReason, string> = {
  noOffer: 'There is no loan offer for you on this product right now.',
  orderInProgress: 'Your order {orderNo} on this product is still in progress. You can borrow on it again once that loan is repaid.',
  overdueLoan: 'Your loan {orderNo} is overdue. Repay it to borrow again.',
  profileIncomplete: 'Complete your profile to see what you can borrow.',
  declinedUntil: 'We cannot offer you a loan now. You can apply again from {until}.',
  applyFirst: 'Apply for this product to see how much you can borrow.',
  underReview: 'A credit officer is reviewing your application. We will let you know the answer.',
};

const es: Record<BorrowBlockReason, string> = {
  noOffer: 'Por ahora no tiene una oferta de préstamo en este producto.',
  orderInProgress: 'Su pedido {orderNo} en este producto sigue en curso. Podrá volver a solicitarlo cuando liquide ese préstamo.',
  overdueLoan: 'Su préstamo {orderNo} está vencido. Páguelo para volver a solicitar.',
  profileIncomplete: 'Complete su perfil para ver cuánto puede solicitar.',
  declinedUntil: 'Por ahora no podemos ofrecerle un préstamo. Podrá volver a solicitar a partir del {until}.',
  applyFirst: 'Solicite este producto para ver cuánto puede pedir.',
  underReview: 'Un analista de crédito está revisando su solicitud. Le avisaremos la respuesta.',
};

export const blockText = textLookup<BorrowBlockReason>({ en, es });
