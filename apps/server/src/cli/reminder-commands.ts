import { OperatorRoutes, reminderRunRequestSchema } from '@lend/contracts';
import { operatorApi, parsed, single, type Command } from './command-kit';
import { clockInstant } from './loan-commands';

export const REMINDER_COMMANDS: Command[] = [
  {
    words: ['reminders', 'run'],
    usage: 'reminders run [--at <YYYY-MM-DD or ISO instant>]',
    summary:
      'Run one pass of the borrower SMS reminders now (each sent once, inside its market window); prints {"sent":{kind:count},"failed"}. --at runs it as of another time (demo mode only)',
    run: async (context, options) => {
      const body = parsed(reminderRunRequestSchema, { at: clockInstant(single(options, 'at')) }, (field) => `--${field || 'at'}`);
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.remindersRun, { body })));
    },
  },
];
