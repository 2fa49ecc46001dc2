import { envelopeSchema, ErrorCode, OperatorPath, reminderRunRequestSchema, reminderRunResultSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { actorOf } from '../staff';
import { runRemindersAskedBy, type ReminderDeps } from './reminder-service';

/** The operator's call that runs one reminder pass now; `at` moves its clock in demo mode only. */
export function reminderOperatorRoutes(deps: Omit<ReminderDeps, 'log'>, options: { clockOverride: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.remindersRun,
      {
        schema: {
          tags: ['operator'],
          summary: 'Run one pass of the borrower reminders now: each reminder is sent once, inside its market window',
          body: reminderRunRequestSchema,
          response: { 200: envelopeSchema(reminderRunResultSchema) },
        },
      },
      async (request) => {
        if (request.body.at !== undefined && !options.clockOverride) throw new AppError(ErrorCode.InvalidRequest, 'at');
        const data = await runRemindersAskedBy({ ...deps, log: request.log }, actorOf(request), request.body.at ? new Date(request.body.at) : new Date());
        return { code: ErrorCode.Ok, message: '', data };
      },
    );
  };
}
