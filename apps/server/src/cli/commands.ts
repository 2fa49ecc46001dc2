import { contactMessageListQuerySchema, createSessionRequestSchema, OperatorPath } from '@lend/contracts';
import { callOperator } from './operator-client';

export type CommandContext = { serverUrl: string; token: string; print: (line: string) => void };

export type Command = {
  /** The words that name the command, e.g. ['session', 'create']. */
  words: string[];
  usage: string;
  summary: string;
  run: (context: CommandContext, options: Record<string, string[]>, positionals: string[]) => Promise<void>;
};

export class UsageError extends Error {
  override name = 'UsageError';
}

function single(options: Record<string, string[]>, name: string): string | undefined {
  const values = options[name];
  if (values && values.length > 1) throw new UsageError(`--${name} given more than once`);
  return values?.[0];
}

/** Every operator command; later capabilities add theirs here and in the operator API. */
export const COMMANDS: Command[] = [
  {
    words: ['session', 'create'],
    usage: 'session create --phone <digits> [--name <name>] [--device <id>]',
    summary: 'Open a borrower session (creating the borrower if new); prints {"userId","sessionId","expiresAt"}',
    run: async (context, options) => {
      const parsed = createSessionRequestSchema.safeParse({
        phone: single(options, 'phone'),
        name: single(options, 'name'),
        deviceId: single(options, 'device'),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UsageError(`--${String(issue?.path[0] ?? 'phone')}: ${issue?.message ?? 'invalid'}`);
      }
      const data = await callOperator(context.serverUrl, context.token, 'POST', OperatorPath.createSession, parsed.data);
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['contact', 'list'],
    usage: 'contact list [--limit <1-500>]',
    summary: 'Messages left through the site contact form, newest first; prints {"items":[…]}',
    run: async (context, options) => {
      const parsed = contactMessageListQuerySchema.safeParse({ limit: single(options, 'limit') });
      if (!parsed.success) throw new UsageError('--limit: a whole number from 1 to 500');
      const query = new URLSearchParams({ limit: String(parsed.data.limit) });
      const data = await callOperator(context.serverUrl, context.token, 'GET', `${OperatorPath.contactMessages}?${query}`);
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
];
