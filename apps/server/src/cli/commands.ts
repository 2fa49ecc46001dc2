import { createSessionRequestSchema, OperatorPath } from '@lend/contracts';
import { parsed, single, type Command } from './command-kit';
import { COMPLAINT_COMMANDS } from './complaint-commands';
import { callOperator } from './operator-client';

export { UsageError, type Command, type CommandContext } from './command-kit';

/** Every operator command; later capabilities add theirs here and in the operator API. */
export const COMMANDS: Command[] = [
  {
    words: ['session', 'create'],
    usage: 'session create --phone <digits> [--name <name>] [--device <id>]',
    summary: 'Open a borrower session (creating the borrower if new); prints {"userId","sessionId","expiresAt"}',
    run: async (context, options) => {
      const body = parsed(
        createSessionRequestSchema,
        { phone: single(options, 'phone'), name: single(options, 'name'), deviceId: single(options, 'device') },
        (field) => (field === 'deviceId' ? '--device' : `--${field || 'phone'}`),
      );
      const data = await callOperator(context.serverUrl, context.token, 'POST', OperatorPath.createSession, body);
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['health'],
    usage: 'health',
    summary: 'Check that the server answers the operator API with this token',
    run: async (context) => {
      const data = await callOperator(context.serverUrl, context.token, 'GET', OperatorPath.health);
      context.print(JSON.stringify(data));
    },
  },
  ...COMPLAINT_COMMANDS,
];
