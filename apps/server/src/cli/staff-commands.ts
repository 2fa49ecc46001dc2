import { errorMessage, staffCreateSchema } from '@lend/contracts';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { CommandError, parsed, single, UsageError, type Command, type CommandContext } from './command-kit';

/** Staff accounts are made through the operator API by an administrator; the first one here (docs/decisions/160). */
export const STAFF_COMMANDS: Command[] = [
  {
    words: ['staff', 'create-admin'],
    usage: 'staff create-admin --email <e-mail> --name <name>',
    summary:
      'On the database itself, before anyone can sign in: the first administrator, only while there is no staff account; prints {"staffId","email","temporaryPassword"} (enrol the authenticator and change the password at first sign-in)',
    offline: true,
    run: async (context, options) => {
      const input = parsed(staffCreateSchema.pick({ email: true, name: true }), { email: single(options, 'email'), name: single(options, 'name') }, (field) => `--${field || 'email'}`);
      await onDatabase(context, async (database, { createFirstAdmin }) => {
        const created = await createFirstAdmin(database.db, COMMAND_LINE, input, new Date());
        context.print(JSON.stringify({ staffId: created.staff.staffId, email: created.staff.email, temporaryPassword: created.temporaryPassword }));
      });
    },
  },
  {
    words: ['staff', 'confirm-admin'],
    usage: 'staff confirm-admin --email <e-mail>',
    summary:
      'On the database itself: confirm an account an administrator made administrator (or raised to it), for when no second administrator can; prints the account (docs/decisions/219)',
    offline: true,
    run: async (context, options) => {
      const { email } = parsed(staffCreateSchema.pick({ email: true }), { email: single(options, 'email') }, () => '--email');
      await onDatabase(context, async (database, { confirmAdminByEmail }) => {
        context.print(JSON.stringify(await confirmAdminByEmail(database.db, COMMAND_LINE, email, new Date())));
      });
    },
  },
];

/** Who acts from the command line on the database: audited as the token, from this machine. */
const COMMAND_LINE = { kind: 'token', staffId: null, email: null, role: 'automation', ip: 'local', userAgent: 'command line' } as const;

/** Runs `work` on the server's own database with the staff module, closing it after; a refusal is the line printed. */
async function onDatabase(context: CommandContext, work: (database: Database, staff: typeof import('../modules/staff')) => Promise<void>): Promise<void> {
  if (!context.database) throw new UsageError('this command works on the database, which this context does not open');
  // Loaded here: every other command only calls the API, and starts faster without the staff module.
  const [database, staff] = await Promise.all([context.database(), import('../modules/staff')]);
  try {
    await work(database, staff);
  } catch (error) {
    if (error instanceof AppError) throw new CommandError(`${errorMessage(error.code, 'en')} (code ${error.code})`);
    throw error;
  } finally {
    await database.close();
  }
}
