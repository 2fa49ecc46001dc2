import { envelopeSchema, ErrorCode, OperatorProfilePath, operatorProfileImageParamsSchema, operatorProfileParamsSchema, operatorProfileSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { FileStorage } from '../../providers/storage/storage';
import { operatorProfileOf, profileImageOf } from './profile-operator';

/** A credit officer's reads of an applicant's profile and identity photos (docs/decisions/174). */
export function profileOperatorRoutes(db: Db, storage: FileStorage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorProfilePath.profile,
      {
        schema: {
          tags: ['operator'],
          summary: "An applicant's profile: identity, address, employment, photos taken, and the payout account, the national id and account masked",
          params: operatorProfileParamsSchema,
          response: { 200: envelopeSchema(operatorProfileSchema) },
        },
      },
      async (request) => {
        const profile = await operatorProfileOf(db, request.params.borrowerId);
        if (!profile) throw new AppError(ErrorCode.NotFound);
        return { code: ErrorCode.Ok, message: '', data: profile };
      },
    );
    app.get(
      OperatorProfilePath.image,
      { schema: { tags: ['operator'], summary: "An applicant's identity photo of one kind, as stored (re-encoded, without metadata: docs/decisions/135)", params: operatorProfileImageParamsSchema } },
      async (request, reply) => {
        const image = await profileImageOf(db, request.params.borrowerId, request.params.kind);
        const bytes = image ? await storage.get(image.name) : undefined;
        if (!image || !bytes) throw new AppError(ErrorCode.NotFound);
        return reply.header('Content-Type', image.contentType).header('X-Content-Type-Options', 'nosniff').header('Content-Disposition', 'inline').send(Buffer.from(bytes));
      },
    );
  };
}
