import { ErrorCode } from '@lend/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { tokensMatch } from '../../operator-token';

/** preHandler for the operator API: `Authorization: Bearer <operator token>`. */
export function operatorAuth(token: string) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!presented || !tokensMatch(token, presented)) throw new AppError(ErrorCode.OperatorUnauthorized);
  };
}
