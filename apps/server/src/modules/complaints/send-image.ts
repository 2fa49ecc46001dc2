import type { FastifyReply } from 'fastify';
import { notFound } from '../../errors';
import type { FileStorage } from '../../providers/storage/storage';
import type { ComplaintImageRow } from './complaint-image-repository';

/**
 * Sends a stored complaint image with the type recorded at upload. `nosniff` stops a browser
 * from reading the bytes as anything else. Like every API answer they are sent `no-store`
 * (plugins/no-store.ts): a borrower's picture must not stay on a shared device.
 */
export async function sendImage(reply: FastifyReply, storage: FileStorage, image: Pick<ComplaintImageRow, 'name' | 'contentType'>) {
  const bytes = await storage.get(image.name);
  if (!bytes) {
    reply.log.error({ image: image.name }, 'complaint image file is missing');
    throw notFound();
  }
  return reply
    .header('Content-Type', image.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', 'inline')
    .send(Buffer.from(bytes));
}
