import { envelopeSchema, OperatorRoutes, staffNoteBodySchema, staffNoteListSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { addNote, subjectNotes, type NamedSubject } from './note-service';

type App = Parameters<FastifyPluginAsyncZod>[0];
/** Route parameters as Fastify's type provider hands them to a handler: what the schema gives (its `UndefinedToUnknown`). */
type Params<T> = [T] extends [undefined] ? unknown : T;
/** One subject's two routes in the catalogue: its notes, and a note added. */
type SubjectRoutes<T> = { list: { path: string; params: z.ZodType<T> }; add: { path: string; params: z.ZodType<T>; body: typeof staffNoteBodySchema } };

const tags = ['operator'];
const response = { 200: envelopeSchema(staffNoteListSchema) };

/** A subject's notes, newest first, and a note added on it by the signed-in person (docs/decisions/236). */
function subjectNoteRoutes<T>(app: App, db: Db, now: () => Date, routes: SubjectRoutes<T>, what: string, subjectOf: (params: Params<T>) => NamedSubject): void {
  app.get(routes.list.path, { schema: { tags, summary: `${what}: its staff notes, newest first (the newest 500 at most)`, params: routes.list.params, response } }, async (request) =>
    ok(await subjectNotes(db, subjectOf(request.params))),
  );
  app.post(
    routes.add.path,
    {
      schema: {
        tags,
        summary: `${what}: adds a staff note by the signed-in person (not the token), audited with its text and never changed after; answers its notes`,
        params: routes.add.params,
        body: routes.add.body,
        response,
      },
    },
    async (request) => ok(await addNote(db, subjectOf(request.params), request.body.text, actorOf(request), now())),
  );
}

/** Staff notes on a borrower, an order and a complaint (docs/decisions/236). */
export function staffNoteRoutes(db: Db, options: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    const { borrowerNotes, borrowerNoteAdd, orderNotes, orderNoteAdd, complaintNotes, complaintNoteAdd } = OperatorRoutes;
    subjectNoteRoutes(app, db, options.now, { list: borrowerNotes, add: borrowerNoteAdd }, 'A borrower', ({ userId }) => ({ kind: 'borrower', userId }));
    subjectNoteRoutes(app, db, options.now, { list: orderNotes, add: orderNoteAdd }, 'An order', ({ orderNo }) => ({ kind: 'order', orderNo }));
    subjectNoteRoutes(app, db, options.now, { list: complaintNotes, add: complaintNoteAdd }, 'A complaint', ({ problemId }) => ({ kind: 'complaint', problemId }));
  };
}
