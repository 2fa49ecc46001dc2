import { offerSetRequestSchema, offerWithdrawRequestSchema, OperatorRoutes, orderActionRequestSchema, orderListQuerySchema, orderSweepRequestSchema } from '@lend/contracts';
import { parseMajorAmount } from '@lend/domain';
import type { z } from 'zod';
import { operatorApi, pageParams, parsed, printPageLines, single, UsageError, type Command, type CommandContext } from './command-kit';

/** Parses with the shared schema; a refusal names the option at fault (`optionNames` maps fields to options). */
function parseOptions<T extends z.ZodType>(schema: T, values: unknown, optionNames: Record<string, string> = {}): z.output<T> {
  return parsed(schema, values, (field) => `--${optionNames[field] ?? field}`);
}

/** An amount as an operator types it ("1500", "1,500.50") in minor units. */
function minorOption(options: Record<string, string[]>, name: string): number | undefined {
  const text = single(options, name);
  if (text === undefined) return undefined;
  const minor = parseMajorAmount(text);
  if (minor === null) throw new UsageError(`--${name}: not an amount: ${text}`);
  return minor;
}

function intOption(options: Record<string, string[]>, name: string): number | undefined {
  const text = single(options, name);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name}: not a whole number: ${text}`);
  return Number(text);
}

/** Prints one JSON line per item, so the output pipes into line tools. */
function printLines(context: CommandContext, items: unknown): void {
  for (const item of Array.isArray(items) ? items : [items]) context.print(JSON.stringify(item));
}

/** `2026-05-01` runs the clock at noon UTC, which is that same date in Mexico and in India. */
export function clockInstant(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T12:00:00Z` : text;
}

const orderSteps = [
  ['approve', OperatorRoutes.orderApprove, 'Approve an order under review (21 → 151); its payout is queued'],
  ['reject', OperatorRoutes.orderReject, 'Reject an order under review, or approved and not yet sent (21 or 151 → 110)'],
  ['disburse', OperatorRoutes.orderDisburse, "Send an approved order's payout now; on the sandbox rail it lands at once (151 → 170), due dates counting from today"],
] as const;

export const LOAN_COMMANDS: Command[] = [
  {
    words: ['product', 'list'],
    usage: 'product list',
    summary: 'Every product with its pricing, one JSON line each',
    run: async (context) => printLines(context, await operatorApi(context).call(OperatorRoutes.products)),
  },
  {
    words: ['order', 'list'],
    usage: 'order list [--user <userId>] [--limit <1-200>] [--cursor <c>]',
    summary: "Orders (one borrower's with --user), oldest first, a page at a time, one JSON line each",
    run: async (context, options) => {
      const { userId } = parseOptions(orderListQuerySchema, { userId: single(options, 'user') }, { userId: 'user' });
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.orders, { query: { userId, ...pageParams(options) } }));
    },
  },
  ...orderSteps.map(
    ([word, route, summary]): Command => ({
      words: ['order', word],
      usage: `order ${word} <orderNo>`,
      summary,
      run: async (context, _options, positionals) => {
        const body = parseOptions(orderActionRequestSchema, { orderNo: positionals[0] });
        printLines(context, await operatorApi(context).call(route, { body }));
      },
    }),
  ),
  {
    words: ['order', 'sweep'],
    usage: 'order sweep [--at <YYYY-MM-DD or ISO instant>]',
    summary: 'Run the clock job now: due (174), overdue (180), late charges. --at runs it as of another day (demo mode only)',
    run: async (context, options) => {
      const body = parseOptions(orderSweepRequestSchema, { at: clockInstant(single(options, 'at')) });
      printLines(context, await operatorApi(context).call(OperatorRoutes.orderSweep, { body }));
    },
  },
  {
    words: ['offer', 'set'],
    usage: 'offer set --user <userId> --product <productId> [--amount <amount>] [--term <days>] [--coupon <amount>]',
    summary: "Set a borrower's offer on a product (amounts in pesos or rupees, e.g. 8000 or 8,000.50)",
    run: async (context, options) => {
      const body = parseOptions(
        offerSetRequestSchema,
        {
          userId: single(options, 'user'),
          productId: single(options, 'product'),
          amountMinor: minorOption(options, 'amount'),
          termDays: intOption(options, 'term'),
          couponMinor: minorOption(options, 'coupon'),
        },
        { userId: 'user', productId: 'product', amountMinor: 'amount', termDays: 'term', couponMinor: 'coupon' },
      );
      printLines(context, await operatorApi(context).call(OperatorRoutes.offerSet, { body }));
    },
  },
  {
    words: ['offer', 'withdraw'],
    usage: 'offer withdraw --user <userId> --product <productId>',
    summary: "Withdraw a borrower's offer on a product",
    run: async (context, options) => {
      const body = parseOptions(
        offerWithdrawRequestSchema,
        { userId: single(options, 'user'), productId: single(options, 'product') },
        { userId: 'user', productId: 'product' },
      );
      printLines(context, await operatorApi(context).call(OperatorRoutes.offerWithdraw, { body }));
    },
  },
];
