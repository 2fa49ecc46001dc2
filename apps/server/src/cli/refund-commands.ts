import { randomUUID } from 'node:crypto';
import { OperatorRoutes, refundCreateSchema, refundListQuerySchema, settlementRunSchema } from '@lend/contracts';
import { parseMajorAmount } from '@lend/domain';
import { operatorApi, pageParams, parsed, printPageLines, single, UsageError, type Command } from './command-kit';

const REFUND_OPTIONS: Record<string, string> = { orderNo: 'order', amountMinor: 'amount', recordedBy: 'by', note: 'note', idempotencyKey: 'key' };

export const REFUND_COMMANDS: Command[] = [
  {
    words: ['refund', 'create'],
    usage: 'refund create --order <orderNo> [--amount <amount>] [--outside --note <bank reference>] [--by <name>] [--key <idempotency key>]',
    summary:
      "Send an order's credit back (all of it unless --amount, in pesos or rupees as `payment record` takes it) through the provider that took the money, or with --outside record a transfer the lender made; prints the refund. --by defaults to $USER. Each call sends an idempotency key of its own; give the same --key (8-80 letters, digits, _ : . -) to repeat a call that may have gone through: it answers the same refund",
    run: async (context, options) => {
      const amountText = single(options, 'amount');
      const amountMinor = amountText === undefined ? undefined : parseMajorAmount(amountText);
      if (amountMinor === null) throw new UsageError(`--amount: not an amount: ${amountText ?? ''}`);
      const body = parsed(
        refundCreateSchema,
        {
          orderNo: single(options, 'order'),
          amountMinor,
          outside: options.outside !== undefined,
          note: single(options, 'note') || undefined,
          recordedBy: single(options, 'by') ?? process.env.USER,
          idempotencyKey: single(options, 'key') ?? `cli-${randomUUID()}`,
        },
        (field) => `--${REFUND_OPTIONS[field] ?? field}`,
      );
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.refundCreate, { body })));
    },
  },
  {
    words: ['refund', 'list'],
    usage: 'refund list [--order <orderNo>] [--limit <1-200>] [--cursor <c>]',
    summary: "Refunds (one order's with --order), newest first, a page at a time, one JSON line each",
    run: async (context, options) => {
      const { orderNo } = parsed(refundListQuerySchema, { orderNo: single(options, 'order') }, () => '--order');
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.refunds, { query: { orderNo, ...pageParams(options) } }));
    },
  },
  {
    words: ['refund', 'follow'],
    usage: 'refund follow',
    summary: 'Ask the providers where each pending refund stands now; prints how many ended',
    run: async (context) => {
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.refundsFollow)));
    },
  },
  {
    words: ['settlement', 'report'],
    usage: 'settlement report --date <YYYY-MM-DD> [--provider <name>]',
    summary: "Match the day's settlement of every provider (or one) against the ledger and store each report; prints the reports",
    run: async (context, options) => {
      const body = parsed(settlementRunSchema, { day: single(options, 'date'), provider: single(options, 'provider') }, (field) => (field === 'day' ? '--date' : `--${field}`));
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.settlementRun, { body })));
    },
  },
  {
    words: ['settlement', 'list'],
    usage: 'settlement list [--limit <1-200>] [--cursor <c>]',
    summary: 'Settlement reports, newest first, one JSON line each',
    run: async (context, options) => {
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.settlementReports, { query: pageParams(options) }));
    },
  },
];
