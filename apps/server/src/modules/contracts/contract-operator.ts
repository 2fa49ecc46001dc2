import { createHash } from 'node:crypto';
import { ErrorCode, type OrderSignatures } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { orderByNumber } from '../orders';
import { findContract } from './contract-repository';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What proves an order was signed (docs/decisions/184): the instant, address and browser of the
 * agreement, and each signed document's stored hash with whether its stored text still hashes to it.
 */
export async function orderSignatures(db: Queryable, orderNo: string): Promise<OrderSignatures> {
  const order = await orderByNumber(db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  const contract = await findContract(db, order.id);
  if (!contract) return { orderNo: order.orderNo, signed: null };
  const documents: NonNullable<OrderSignatures['signed']>['documents'] = [{ kind: 'contract', sha256: contract.textSha256, hashMatches: sha256(contract.text) === contract.textSha256 }];
  if (contract.keyFactsSha256 !== null) {
    documents.push({ kind: 'key-facts', sha256: contract.keyFactsSha256, hashMatches: contract.keyFactsText !== null && sha256(contract.keyFactsText) === contract.keyFactsSha256 });
  }
  return {
    orderNo: order.orderNo,
    signed: { agreedAt: contract.agreedAt.toISOString(), clientIp: contract.clientIp, userAgent: contract.userAgent, language: contract.language, documents },
  };
}
