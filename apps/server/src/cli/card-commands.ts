import { ErrorCode, OperatorCallError, OperatorRoutes, SANDBOX_TEST_CARD_KINDS, testCardRequestSchema } from '@lend/contracts';
import { CommandError, operatorApi, parsed, single, type Command } from './command-kit';

export const CARD_COMMANDS: Command[] = [
  {
    words: ['card', 'add'],
    usage: `card add --user <id> --test-card ${SANDBOX_TEST_CARD_KINDS.join('|')} [--holder <name>]`,
    summary:
      "Sandbox only, never in production: save a published test card for a borrower (tokenised by the sandbox); prints the card as the borrower sees it",
    run: async (context, options) => {
      const body = parsed(
        testCardRequestSchema,
        { userId: single(options, 'user'), kind: single(options, 'test-card'), holderName: single(options, 'holder') },
        (field) => `--${({ userId: 'user', kind: 'test-card', holderName: 'holder' } as Record<string, string>)[field] ?? 'user'}`,
      );
      let card: unknown;
      try {
        card = await operatorApi(context).call(OperatorRoutes.testCards, { body });
      } catch (error) {
        // The route exists only on a server running the sandbox card provider outside production.
        if (error instanceof OperatorCallError && error.code === ErrorCode.NotFound) {
          throw new CommandError(`No borrower ${body.userId}, or this server takes no test cards (only the sandbox card provider outside production does).`);
        }
        throw error;
      }
      context.print(JSON.stringify(card));
    },
  },
  {
    words: ['payment', 'reconcile'],
    usage: 'payment reconcile',
    summary: 'Settle card repayments still charging after two minutes with the provider now; prints {"checked","paid","declined","failed","cancelled","pending"}',
    run: async (context) => {
      const counts = await operatorApi(context).call(OperatorRoutes.cardReconcile, { body: {} });
      context.print(JSON.stringify(counts));
    },
  },
];
