import {
  complaintImageUploadedSchema,
  COMPLAINT_IMAGE_NAME,
  envelopeSchema,
  ErrorCode,
  operatorComplaintListQuerySchema,
  operatorComplaintListSchema,
  operatorComplaintParamsSchema,
  operatorComplaintSchema,
  operatorComplaintTypeListSchema,
  operatorComplaintTypeParamsSchema,
  operatorComplaintTypeRequestSchema,
  operatorComplaintTypeSchema,
  OperatorPath,
  OperatorRoutes,
  operatorReplyRequestSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { readUploadedFile, uploads } from '../../plugins/uploads';
import type { FileStorage } from '../../providers/storage/storage';
import { actorOf } from '../staff';
import {
  complaintTypesForOperator,
  operatorImage,
  replyToComplaint,
  saveTypeForOperator,
  storeReplyImage,
} from './complaint-operator-service';
import { operatorImageUrl, presentOperatorComplaint, presentOperatorComplaintType } from './complaint-operator-presenter';
import { operatorComplaintPage } from './complaint-list';
import { sendImage } from './send-image';
import { ok } from '../../plugins/envelope';

/** The lender's side of complaints: read them, answer them, and keep the list of problem types. */
export function complaintOperatorRoutes(db: Db, storage: FileStorage): FastifyPluginAsyncZod {
  return async (app) => {
    // Only these routes take files: the rest of the API pays nothing for multipart (docs/decisions/229).
    await app.register(uploads);
    app.get(
      OperatorPath.complaints,
      {
        schema: {
          tags: ['operator'],
          summary: 'Complaints, nearest answer deadline first, a page at a time (limit, cursor)',
          querystring: operatorComplaintListQuerySchema,
          response: { 200: envelopeSchema(operatorComplaintListSchema) },
        },
      },
      async (request) => ok(await operatorComplaintPage(db, request.query, request.query)),
    );

    app.post(
      OperatorPath.complaintReply,
      {
        schema: {
          tags: ['operator'],
          summary: 'Answer a complaint (text and uploaded images) and ask the borrower for a score',
          params: operatorComplaintParamsSchema,
          body: operatorReplyRequestSchema,
          response: { 200: envelopeSchema(operatorComplaintSchema) },
        },
      },
      async (request) => {
        const complaint = presentOperatorComplaint(await replyToComplaint(db, request.params.problemId, request.body, actorOf(request)));
        request.log.info({ problemId: complaint.problemId }, 'operator replied to a complaint');
        return ok(complaint);
      },
    );

    app.post(
      OperatorPath.complaintImages,
      {
        schema: {
          tags: ['operator'],
          summary: 'Upload one image for a reply (multipart field `image`)',
          response: { 200: envelopeSchema(complaintImageUploadedSchema) },
        },
      },
      async (request) => {
        const bytes = await readUploadedFile(request, 'image', {
          missing: ErrorCode.ComplaintImageMissing,
          tooLarge: ErrorCode.ComplaintImageTooLarge,
        });
        const name = await storeReplyImage(db, storage, bytes, actorOf(request));
        return ok({ url: operatorImageUrl(name) });
      },
    );

    app.get(
      `${OperatorPath.complaintImages}/:name`,
      { schema: { tags: ['operator'], summary: 'Any complaint image', params: OperatorRoutes.complaintImage.params } },
      async (request, reply) => {
        const image = COMPLAINT_IMAGE_NAME.test(request.params.name) ? await operatorImage(db, request.params.name) : undefined;
        if (!image) throw notFound();
        return sendImage(reply, storage, image);
      },
    );

    app.get(
      OperatorPath.complaintTypes,
      { schema: { tags: ['operator'], summary: 'Problem types and child types', response: { 200: envelopeSchema(operatorComplaintTypeListSchema) } } },
      async () => ok({ types: (await complaintTypesForOperator(db)).map(presentOperatorComplaintType) }),
    );

    app.put(
      `${OperatorPath.complaintTypes}/:value`,
      {
        schema: {
          tags: ['operator'],
          summary: 'Create or change a problem type (parentValue makes it a child type)',
          params: operatorComplaintTypeParamsSchema,
          body: operatorComplaintTypeRequestSchema,
          response: { 200: envelopeSchema(operatorComplaintTypeSchema) },
        },
      },
      async (request) => ok(presentOperatorComplaintType(await saveTypeForOperator(db, request.params.value, request.body, actorOf(request)))),
    );
  };
}
