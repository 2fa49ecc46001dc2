import {
  commonQuerySchema,
  complaintDetailRequestSchema,
  complaintDetailSchema,
  complaintImageUploadedSchema,
  complaintInitRequestSchema,
  complaintInitSchema,
  complaintListSchema,
  complaintSavedSchema,
  complaintSaveRequestSchema,
  complaintScoreRequestSchema,
  COMPLAINT_IMAGE_NAME,
  envelopeSchema,
  ErrorCode,
  MachinePath,
} from '@lend/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit, borrowerUploadLimit } from '../../plugins/borrower-rate-limit';
import { readUploadedFile, uploads } from '../../plugins/uploads';
import type { FileStorage } from '../../providers/storage/storage';
import { borrowerImage, complaintDetail, complaintInit, complaintList, fileComplaint, scoreComplaint, storeImage } from './complaint-service';
import { borrowerImageUrl, presentComplaintDetail, presentComplaintInit, presentComplaintList } from './complaint-presenter';
import { sendImage } from './send-image';
import { ok } from '../../plugins/envelope';

const UPLOAD_FIELD = 'problemImage';

/** The borrower's complaint calls (docs/decisions/023), for the authenticated borrower only. */
export function complaintRoutes(db: Db, storage: FileStorage): FastifyPluginAsyncZod {
  return async (app) => {
    // Only these routes take files: the rest of the API pays nothing for multipart (docs/decisions/229).
    await app.register(uploads);
    const initSchema = {
      tags: ['complaints'],
      querystring: commonQuerySchema,
      response: { 200: envelopeSchema(complaintInitSchema) },
    };
    app.post(
      MachinePath.complaintInit,
      { config: borrowerReadLimit, schema: { ...initSchema, summary: 'Problem types and the borrower’s orders, with `orderId` shown first', body: complaintInitRequestSchema } },
      async (request) => ok(presentComplaintInit(await complaintInit(db, borrowerOf(request).borrowerId, request.body.orderId || undefined), request.language)),
    );
    app.get(
      MachinePath.complaintInit,
      { config: borrowerReadLimit, schema: { ...initSchema, summary: 'Problem types and the borrower’s orders (next page)' } },
      async (request) => ok(presentComplaintInit(await complaintInit(db, borrowerOf(request).borrowerId), request.language)),
    );

    app.post(
      MachinePath.complaintSave,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['complaints'],
          summary: 'File a complaint about one of the borrower’s orders',
          querystring: commonQuerySchema,
          body: complaintSaveRequestSchema,
          response: { 200: envelopeSchema(complaintSavedSchema) },
        },
      },
      async (request) => ok(await fileComplaint(db, borrowerOf(request).borrowerId, request.body)),
    );

    app.post(
      MachinePath.complaintImageUpload,
      {
        config: borrowerUploadLimit,
        schema: {
          tags: ['complaints'],
          summary: 'Upload one image (multipart field `problemImage`): JPEG, PNG or WebP, at most 5 MiB',
          querystring: commonQuerySchema,
          response: { 200: envelopeSchema(complaintImageUploadedSchema) },
        },
      },
      async (request) => {
        const borrowerId = borrowerOf(request).borrowerId;
        const bytes = await readUploadedFile(request, UPLOAD_FIELD, {
          missing: ErrorCode.ComplaintImageMissing,
          tooLarge: ErrorCode.ComplaintImageTooLarge,
        });
        const name = await storeImage(db, storage, { bytes, kind: 'problem', borrowerId });
        return ok({ url: borrowerImageUrl(name) });
      },
    );

    app.get(
      `${MachinePath.complaintImage}/:name`,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['complaints'],
          summary: 'An image the borrower uploaded or one of the lender’s reply images',
          querystring: commonQuerySchema,
          params: z.object({ name: z.string() }),
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const image = COMPLAINT_IMAGE_NAME.test(name)
          ? await borrowerImage(db, name, borrowerOf(request).borrowerId)
          : undefined;
        if (!image) throw new AppError(ErrorCode.NotFound);
        return sendImage(reply, storage, image);
      },
    );

    app.post(
      MachinePath.complaintList,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['complaints'],
          summary: 'The borrower’s complaints in tabs by state',
          querystring: commonQuerySchema,
          response: { 200: envelopeSchema(complaintListSchema) },
        },
      },
      async (request) => ok(presentComplaintList(await complaintList(db, borrowerOf(request).borrowerId), request.language)),
    );

    app.post(
      MachinePath.complaintDetail,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['complaints'],
          summary: 'One of the borrower’s complaints with the lender’s reply',
          querystring: commonQuerySchema,
          body: complaintDetailRequestSchema,
          response: { 200: envelopeSchema(complaintDetailSchema) },
        },
      },
      async (request) => ok(presentComplaintDetail(await complaintDetail(db, borrowerOf(request).borrowerId, request.body.problemId), request.language)),
    );

    app.post(
      MachinePath.complaintScore,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['complaints'],
          summary: 'Rate the lender’s reply from 1 to 5, once',
          querystring: commonQuerySchema,
          body: complaintScoreRequestSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await scoreComplaint(db, borrowerOf(request).borrowerId, request.body.problemId, request.body.score);
        return ok(null);
      },
    );
  };
}
