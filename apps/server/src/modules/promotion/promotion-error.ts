import { PHONE_RULES, PROMOTION_HTTP_STATUS, PromotionCode, promotionMessage, type PhoneMarket, type PromotionMessageParams } from '@lend/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CountersUnavailable } from '../../counters/counter-store';
import { fieldOf } from '../../plugins/error-handler';
import { PromotionError, type PromotionRefusal } from '../promotion-campaigns';

// The landing's files name the refusal from here; the campaigns, below, refuse with it too.
export { PromotionError, type PromotionRefusal };

export const invalidPhone = (market: PhoneMarket, language: 'en' | 'es') =>
  new PromotionError(PromotionCode.InvalidPhone, { phoneHint: PHONE_RULES[market].hint[language] });

export function sendPromotionRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  code: PromotionRefusal,
  params: PromotionMessageParams = {},
) {
  return reply.code(PROMOTION_HTTP_STATUS[code]).send({ code, message: promotionMessage(code, request.language, params) });
}

/**
 * The promotion calls answer with their own `{code, message}` shape (docs/decisions/050), so
 * their scope has its own error handler instead of the borrower envelope's.
 */
export function usePromotionErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((thrown: Error, request, reply) => {
    if (thrown instanceof PromotionError) return sendPromotionRefusal(request, reply, thrown.code, thrown.params);
    // The SMS limits could not be counted, so no SMS is sent for now (docs/decisions/194).
    if (thrown instanceof CountersUnavailable) return sendPromotionRefusal(request, reply, PromotionCode.SmsUnavailable);
    const error = thrown as FastifyError;
    if (error.validation) return sendPromotionRefusal(request, reply, PromotionCode.InvalidRequest, { field: fieldOf(error) });
    if (error.statusCode === 429) return sendPromotionRefusal(request, reply, PromotionCode.TooManyRequests);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendPromotionRefusal(request, reply, PromotionCode.InvalidRequest, { field: 'request' });
    }
    request.log.error({ err: error }, 'promotion request failed');
    return sendPromotionRefusal(request, reply, PromotionCode.Internal);
  });
}
