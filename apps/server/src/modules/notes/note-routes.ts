import { envelopeSchema, OperatorRoutes, staffNoteListSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { addNote, subjectNotes } from './note-service';

const tags = ['operator'];
const response = { 200: envelopeSchema(staffNoteListSchema) };
const LISTED = 'newest first (the newest 500 at most)';
const ADDED = 'by the signed-in person (not the token), audited with its text and never changed after; answers the notes, newest first';

/** Staff notes on a borrower, an order and a complaint: each subject's notes, and a note added by a person (docs/decisions/236). */
export function staffNoteRoutes(db: Db, options: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    const { borrowerNotes, borrowerNoteAdd, orderNotes, orderNoteAdd, complaintNotes, complaintNoteAdd } = OperatorRoutes;

    app.get(borrowerNotes.path, { schema: { tags, summary: `A borrower's staff notes, ${LISTED}`, params: borrowerNotes.params, response } }, async (request) =>
      ok(await subjectNotes(db, { kind: 'borrower', userId: request.params.userId })),
    );
    app.post(
      borrowerNoteAdd.path,
      { schema: { tags, summary: `Adds a note on a borrower ${ADDED}`, params: borrowerNoteAdd.params, body: borrowerNoteAdd.body, response } },
      async (request) => ok(await addNote(db, { kind: 'borrower', userId: request.params.userId }, request.body.text, actorOf(request), options.now())),
    );

    app.get(orderNotes.path, { schema: { tags, summary: `An order's staff notes, ${LISTED}`, params: orderNotes.params, response } }, async (request) =>
      ok(await subjectNotes(db, { kind: 'order', orderNo: request.params.orderNo })),
    );
    app.post(
      orderNoteAdd.path,
      { schema: { tags, summary: `Adds a note on an order ${ADDED}`, params: orderNoteAdd.params, body: orderNoteAdd.body, response } },
      async (request) => ok(await addNote(db, { kind: 'order', orderNo: request.params.orderNo }, request.body.text, actorOf(request), options.now())),
    );

    app.get(complaintNotes.path, { schema: { tags, summary: `A complaint's staff notes, ${LISTED}`, params: complaintNotes.params, response } }, async (request) =>
      ok(await subjectNotes(db, { kind: 'complaint', problemId: request.params.problemId })),
    );
    app.post(
      complaintNoteAdd.path,
      { schema: { tags, summary: `Adds a note on a complaint ${ADDED}`, params: complaintNoteAdd.params, body: complaintNoteAdd.body, response } },
      async (request) => ok(await addNote(db, { kind: 'complaint', problemId: request.params.problemId }, request.body.text, actorOf(request), options.now())),
    );
  };
}
