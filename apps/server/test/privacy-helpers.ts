import { MACHINE_BASE, PrivacyPath, type BorrowerData, type PrivacyOverview } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import { sessionQuery, type BorrowerSession } from './helper';

export type Envelope<T = unknown> = { code: number; message: string; data: T };

/** A privacy-centre call as the screen makes it: JSON body, session and language in the query. */
export async function privacyCall<T = unknown>(
  app: FastifyInstance,
  session: BorrowerSession,
  path: string,
  body: Record<string, unknown> = {},
  language = '1',
): Promise<Envelope<T> & { status: number }> {
  const response = await app.inject({ method: 'POST', url: `${MACHINE_BASE}${path}?${sessionQuery(session, { language })}`, payload: body });
  return { ...response.json<Envelope<T>>(), status: response.statusCode };
}

export const overviewOf = (app: FastifyInstance, session: BorrowerSession) => privacyCall<PrivacyOverview>(app, session, PrivacyPath.overview);
export const myDataOf = (app: FastifyInstance, session: BorrowerSession) => privacyCall<BorrowerData>(app, session, PrivacyPath.myData);
