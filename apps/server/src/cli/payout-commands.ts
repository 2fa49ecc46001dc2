import { OperatorRoutes, payoutListQuerySchema, payoutOrderRequestSchema, payoutSandboxRequestSchema } from '@lend/contracts';
import { operatorApi, parsed, single, UsageError, type Command, type CommandContext } from './command-kit';

function printEach(context: CommandContext, rows: unknown): void {
  for (const row of Array.isArray(rows) ? rows : [rows]) context.print(JSON.stringify(row));
}

function orderNoOf(positionals: string[]): string {
  return parsed(payoutOrderRequestSchema, { orderNo: positionals[0] }, () => '<orderNo>').orderNo;
}

/** The operator's payouts (docs/decisions/152, 224): lists, one order's, retry, restating a return after a repayment, the sender and the reconciler, and the sandbox rail's outcomes. */
export const PAYOUT_COMMANDS: Command[] = [
  {
    words: ['payout', 'list'],
    usage: 'payout list [--view queue|attention|ceiling|all]',
    summary: 'Payouts waiting or with the provider (queue), held, rejected or reversed (attention), or waiting under the daily ceiling, one JSON line each',
    run: async (context, options) => {
      const { view } = parsed(payoutListQuerySchema, { view: single(options, 'view') }, () => '--view');
      printEach(context, await operatorApi(context).call(OperatorRoutes.payouts, { query: { view } }));
    },
  },
  {
    words: ['payout', 'show'],
    usage: 'payout show <orderNo>',
    summary: "An order's payouts, newest first, one JSON line each",
    run: async (context, _options, positionals) => {
      printEach(context, await operatorApi(context).call(OperatorRoutes.payout, { params: { orderNo: orderNoOf(positionals) } }));
    },
  },
  {
    words: ['payout', 'events'],
    usage: 'payout events',
    summary: 'Provider notifications about payouts we never made, newest first, one JSON line each',
    run: async (context) => printEach(context, await operatorApi(context).call(OperatorRoutes.payoutEventsUnmatched)),
  },
  {
    words: ['payout', 'retry'],
    usage: 'payout retry <orderNo>',
    summary: "Queue a rejected or reversed payout again, to the borrower's new account (refused while it is the account refused)",
    run: async (context, _options, positionals) => {
      printEach(context, await operatorApi(context).call(OperatorRoutes.payoutRetry, { body: { orderNo: orderNoOf(positionals) } }));
    },
  },
  {
    words: ['payout', 'restate'],
    usage: 'payout restate <orderNo>',
    summary:
      "Restate an order whose payout the bank returned after the borrower paid something: never paid out, what they paid owed back to them as credit; then `payout retry` to a corrected account or `refund create`",
    run: async (context, _options, positionals) => {
      printEach(context, await operatorApi(context).call(OperatorRoutes.payoutRestate, { body: { orderNo: orderNoOf(positionals) } }));
    },
  },
  {
    words: ['payout', 'send'],
    usage: 'payout send',
    summary: 'Run the payout sender now; prints how many were paid, rejected, in flight or waiting',
    run: async (context) => printEach(context, await operatorApi(context).call(OperatorRoutes.payoutsSend)),
  },
  {
    words: ['payout', 'reconcile'],
    usage: 'payout reconcile',
    summary: 'Ask the providers where payouts left in flight stand now',
    run: async (context) => printEach(context, await operatorApi(context).call(OperatorRoutes.payoutsReconcile)),
  },
  {
    words: ['payout', 'sandbox'],
    usage: 'payout sandbox settle|reject|reverse <orderNo> [--reason account-closed|account-invalid|name-mismatch|bank-rejected|other]',
    summary: "Outside production, on the sandbox rail: make an order's payout land, be rejected or be returned, as its bank would",
    run: async (context, options, positionals) => {
      const [outcome, orderNo] = positionals;
      if (outcome === undefined) throw new UsageError('payout sandbox needs settle, reject or reverse');
      const body = parsed(payoutSandboxRequestSchema, { orderNo, outcome, reason: single(options, 'reason') }, (field) => (field === 'orderNo' ? '<orderNo>' : field === 'outcome' ? 'settle|reject|reverse' : `--${field}`));
      printEach(context, await operatorApi(context).call(OperatorRoutes.payoutSandbox, { body }));
    },
  },
];
