import { envelopeSchema, loanDetailsSchema, MachinePath } from '@lend/contracts';
import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Market } from '@lend/domain';
import type { Db } from '../../db/client';
import { presentLoanDetails } from './details-presenter';
import { orderDetails, type PayoutStandingOf, type ProductOf } from '../orders';
import type { AnswerQuestion, RememberedDetailsAnswers } from './remembered-details-answers';
import { ok } from '../../plugins/envelope';

/**
 * Sends an answer already serialised by `serializeDetailsAnswer`, with the content type Fastify
 * gives the answers it serialises itself; Fastify sends a string as it is.
 */
export function sendSerialised(reply: FastifyReply, answer: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer);
}

/**
 * Sends the answer once worked out, or the failure to the error handler, from a handler that
 * returns nothing: an async handler would resolve to the reply, which Fastify then waits on as a
 * thenable, a cost on every answer (docs/decisions/212).
 */
export function sendWhenWorkedOut(reply: FastifyReply, answer: Promise<string>): void {
  answer.then(
    (text) => sendSerialised(reply, text),
    (error: unknown) => reply.send(error instanceof Error ? error : new Error(String(error))),
  );
}

/**
 * The very serialiser the route would use: the answer is checked against its contract and
 * encoded before it is sent or remembered.
 */
const serializeDetailsAnswer = serializerCompiler({ schema: envelopeSchema(loanDetailsSchema), method: 'POST', url: MachinePath.loanDetails });

/**
 * The order details answer as it goes out, remembered per order, borrower, language and market
 * day until the order changes (docs/decisions/099). Ownership and the product are checked by
 * the read itself; a remembered answer only ever goes back to the borrower it was read for.
 */
export async function orderDetailsAnswer(
  db: Db,
  answers: RememberedDetailsAnswers,
  question: AnswerQuestion,
  takesCards: (market: Market) => boolean,
  now = new Date(),
  sources: { payoutOf?: PayoutStandingOf | undefined; productOf?: ProductOf | undefined } = {},
): Promise<string> {
  const remembered = answers.find(question, now);
  if (remembered !== undefined) return remembered;
  const ticket = answers.ticket();
  const details = await orderDetails(db, question.borrowerId, { orderNo: question.orderNo, productId: question.productId }, now, sources.payoutOf, sources.productOf);
  const answer = serializeDetailsAnswer(ok(presentLoanDetails(details, question.language, takesCards)));
  const { order, product, market, today } = details;
  answers.remember(ticket, { orderId: order.id, orderNo: order.orderNo, borrowerId: question.borrowerId, productId: product.id, market, today }, question.language, answer);
  return answer;
}
