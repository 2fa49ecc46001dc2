import { errorMessage, staffCreateSchema } from '@lend/contracts';
import { AppError } from '../errors';
import { CommandError, parsed, single, UsageError, type Command } from './command-kit';

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
      if (!context.database) throw new UsageError('this command works on the database, which this context does not open');
      // Loaded here: every other command only calls the API, and starts faster without the staff module.
      const [database, { createFirstAdmin }] = await Promise.all([context.database(), import('../modules/staff')]);
      try {
        const created = await createFirstAdmin(
          database.db,
          { kind: 'token', staffId: null, email: null, role: 'automation', ip: 'local', userAgent: 'command line' },
          input,
          new Date(),
        );
        context.print(JSON.stringify({ staffId: created.staff.staffId, email: created.staff.email, temporaryPassword: created.temporaryPassword }));
      } catch (error) {
        if (error instanceof AppError) throw new CommandError(`${errorMessage(error.code, 'en')} (code ${error.code})`);
        throw error;
      } finally {
        await database.close();
      }
    },
  },
];
