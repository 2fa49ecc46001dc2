import { CARD_OK_CODE, ERROR_HTTP_STATUS, ErrorCode, errorMessage, type ErrorCodeValue } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerAuth } from '../../plugins/borrower-auth';
import { requireBorrowerLimit } from '../../plugins/borrower-rate-limit';
import { refusalOf } from '../../plugins/error-handler';
import { sessionAuthenticator } from '../sessions';

/**
 * A repayment that exists but did not end in a payment (declined, no funds, still being confirmed,
 * provider unreachable): its code, with the repayment in `data` so the screen can follow it.
 */
export class CardOutcome extends AppError {
  override name = 'CardOutcome';
  constructor(
    code: Exclude<ErrorCodeValue, typeof ErrorCode.Ok>,
    readonly data: unknown,
  ) {
    super(code);
  }
}

/**
 * The card calls answer `{code, message, data}` with the code as a string, '00' for success, as the
 * card screens read them (docs/decisions/080), so their scope has its own error handler: the same
 * refusals as every borrower call, the code as a string and the message in the borrower's language.
 */
function useCardErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((thrown: Error, request, reply) => {
    const refusal = refusalOf(thrown) ?? { code: ErrorCode.Internal };
    if (refusal.code === ErrorCode.Internal) request.log.error({ err: thrown }, 'card request failed');
    return reply.code(ERROR_HTTP_STATUS[refusal.code]).send({
      code: String(refusal.code),
      message: errorMessage(refusal.code, request.language, refusal.field),
      data: thrown instanceof CardOutcome ? thrown.data : null,
    });
  });
}

/** A card call's answer: '00' and its data. */
export const cardOk = <T>(data: T) => ({ code: CARD_OK_CODE, message: '', data });

/** How the card screen's calls appear in the API documentation. */
export const CARD_TAGS = ['card repayment'];

/**
 * A scope of card calls under `CARD_REPAYMENT_BASE`: the session in the query like every borrower
 * call, a per-borrower cap on each, and the card envelope from its error handler.
 */
export function useCardScope(scope: FastifyInstance, db: Db): void {
  useCardErrors(scope);
  scope.addHook('preHandler', borrowerAuth(sessionAuthenticator(db)));
  scope.addHook('onRoute', requireBorrowerLimit);
}
