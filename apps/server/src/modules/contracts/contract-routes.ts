import {
  commonQuerySchema,
  contractDetailRequestSchema,
  contractDetailSchema,
  envelopeSchema,
  ErrorCode,
  keyFactsSchema,
  MACHINE_BASE,
  MachinePath,
  type KeyFacts,
  type Language,
} from '@lend/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { presentContract } from './contract-presenter';
import { draftContract, signedContract, type ParticularsOf } from './contract-service';
import { keyFactsDocument } from './key-facts-document';
import { draftKeyFacts, signedKeyFacts, type DraftKeyFacts, type SignedKeyFacts } from './key-facts-service';
import { ok } from '../../plugins/envelope';

type ContractQuery = { orderNo?: string | undefined; productId?: number | undefined };

/** The Key Facts Statement the query names: an order's signed one (orderNo) or the draft of an offer (productId). */
function keyFactsOf(db: Db, request: FastifyRequest, query: ContractQuery, language: Language): Promise<SignedKeyFacts | DraftKeyFacts> {
  const { orderNo, productId } = query;
  const borrowerId = borrowerOf(request).borrowerId;
  if (orderNo !== undefined && productId === undefined) return signedKeyFacts(db, borrowerId, orderNo);
  if (productId !== undefined && orderNo === undefined) return draftKeyFacts(db, borrowerId, productId, language);
  throw new AppError(ErrorCode.InvalidRequest, 'orderNo');
}

function presentKeyFacts(facts: SignedKeyFacts | DraftKeyFacts, query: ContractQuery): KeyFacts {
  const key: Record<string, string> = query.orderNo !== undefined ? { orderNo: query.orderNo } : { productId: String(query.productId) };
  return { ...facts, market: 'IN', documentPath: `${MACHINE_BASE}${MachinePath.keyFactsDocument}?${new URLSearchParams(key).toString()}` };
}

/** The borrower's contract screen: an order's signed contract, or the draft for their current offer, with the borrower's particulars. */
export function contractRoutes(db: Db, deps: { particularsOf: ParticularsOf }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      MachinePath.contractDetail,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "An order's signed contract (orderNo), or the draft for the current offer (productId)",
          querystring: commonQuerySchema.extend(contractDetailRequestSchema.shape),
          response: { 200: envelopeSchema(contractDetailSchema) },
        },
      },
      async (request) => {
        const { orderNo, productId } = request.query;
        const borrowerId = borrowerOf(request).borrowerId;
        if (orderNo !== undefined && productId === undefined) return ok(presentContract(await signedContract(db, borrowerId, orderNo, deps.particularsOf), request.language));
        if (productId !== undefined && orderNo === undefined) {
          return ok(presentContract(await draftContract(db, borrowerId, productId, new Date(), deps.particularsOf), request.language));
        }
        throw new AppError(ErrorCode.InvalidRequest, 'orderNo');
      },
    );

    app.get(
      MachinePath.keyFacts,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "An Indian order's signed Key Facts Statement (orderNo), or the draft for the current offer (productId)",
          querystring: commonQuerySchema.extend(contractDetailRequestSchema.shape),
          response: { 200: envelopeSchema(keyFactsSchema) },
        },
      },
      async (request) => ok(presentKeyFacts(await keyFactsOf(db, request, request.query, request.language), request.query)),
    );

    app.get(
      MachinePath.keyFactsDocument,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'The same Key Facts Statement as a printable HTML page, sent as a download',
          querystring: commonQuerySchema.extend(contractDetailRequestSchema.shape),
        },
      },
      async (request, reply) => {
        const facts = await keyFactsOf(db, request, request.query, request.language);
        const name = `key-facts-${facts.orderNo || 'draft'}.html`;
        return reply
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .type('text/html; charset=utf-8')
          .send(keyFactsDocument(facts));
      },
    );
  };
}
