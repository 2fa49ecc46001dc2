import multipart from '@fastify/multipart';
import { ErrorCode, Limits, type ErrorCodeValue } from '@lend/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/**
 * Multipart uploads: one file per request, size-capped while it streams. Registered by each route
 * plugin that takes a file, not by the app: multipart's hooks would otherwise run on every call
 * (docs/decisions/229), and a multipart body elsewhere is refused as an unsupported type. Routes read the file
 * into memory with `readUploadedFile` and write nothing until it has arrived whole, so an
 * oversized or aborted upload never leaves a partial file behind.
 */
export const uploads = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: { fileSize: Limits.complaintImageBytesMax, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
});

type UploadErrors = { missing: Exclude<ErrorCodeValue, 0>; tooLarge: Exclude<ErrorCodeValue, 0> };

/** The bytes of the request's file under `field`; refuses a missing file, another field or an oversized one. */
export async function readUploadedFile(request: FastifyRequest, field: string, errors: UploadErrors): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(errors.missing);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field) throw new AppError(errors.missing);
    const bytes = await untilAborted(request, file.toBuffer(), () => file.file.destroy());
    // `toBuffer` throws at the limit only when a piece of the file arrives after busboy cut it;
    // when the cut falls between two pieces it answers the first 5 MiB as if they were the file.
    if (file.file.truncated) throw new AppError(errors.tooLarge);
    if (bytes.length === 0) throw new AppError(errors.missing);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(errors.tooLarge);
    // A broken or abandoned upload: the borrower sees a plain refusal, nothing was stored.
    if (error instanceof UploadAbortedError) request.log.info('upload aborted by the client; nothing stored');
    throw new AppError(ErrorCode.InvalidRequest, field);
  }
}

class UploadAbortedError extends Error {
  override name = 'UploadAbortedError';
}

/**
 * The multipart stream never ends when the client goes away mid-upload; without this the
 * handler would wait forever holding what had arrived. Settles as soon as the request closes
 * incomplete, and lets `release` free the half-read stream.
 */
function untilAborted<T>(request: FastifyRequest, work: Promise<T>, release: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onClose = () => {
      if (request.raw.complete) return;
      release();
      reject(new UploadAbortedError('the client closed the request before the upload ended'));
    };
    request.raw.once('close', onClose);
    if (request.raw.destroyed && !request.raw.complete) onClose();
    work.then(resolve, reject).finally(() => request.raw.off('close', onClose));
  });
}
