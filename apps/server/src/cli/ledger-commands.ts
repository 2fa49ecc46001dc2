import { manualPaymentRequestSchema, OperatorRoutes, orderNoParamsSchema, paymentIdParamsSchema, paymentListQuerySchema } from '@lend/contracts';
import { parseMajorAmount } from '@lend/domain';
import { CommandError, operatorApi, pageParams, parsed, printPageLines, single, UsageError, type Command } from './command-kit';

/** The books disagree with the orders: the command printed what it found and ends with status 1. */
export class LedgerMismatchError extends CommandError {
  override name = 'LedgerMismatchError';
}

function orderNoArgument(positionals: string[]): string {
  return parsed(orderNoParamsSchema, { orderNo: positionals[0] }, () => '<orderNo>').orderNo;
}

/** An amount as an operator types it ("1500", "1,500.50"), in minor units. */
function amountOption(options: Record<string, string[]>): number | undefined {
  const text = single(options, 'amount');
  if (text === undefined) return undefined;
  const minor = parseMajorAmount(text);
  if (minor === null) throw new UsageError(`--amount: not an amount: ${text}`);
  return minor;
}

export const LEDGER_COMMANDS: Command[] = [
  {
    words: ['payment', 'list'],
    usage: 'payment list [--order <orderNo>] [--limit <1-200>] [--cursor <c>]',
    summary: "Receipts (one order's with --order), newest first, a page at a time, one JSON line each",
    run: async (context, options) => {
      const { orderNo } = parsed(paymentListQuerySchema, { orderNo: single(options, 'order') }, () => '--order');
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.payments, { query: { orderNo, ...pageParams(options) } }));
    },
  },
  {
    words: ['payment', 'show'],
    usage: 'payment show <paymentId>',
    summary: 'One receipt: what the payment paid, line by line, and the balance it left',
    run: async (context, _options, positionals) => {
      const { id } = parsed(paymentIdParamsSchema, { id: positionals[0] }, () => '<paymentId>');
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.payment, { params: { id } })));
    },
  },
  {
    words: ['payment', 'record'],
    usage: 'payment record --order <orderNo> --amount <amount> --reference-note <text> [--by <name>]',
    summary:
      'Record a transfer the lender received outside a provider (amount in pesos or rupees); the same order and reference note are applied once. --by defaults to $USER',
    run: async (context, options) => {
      const body = parsed(
        manualPaymentRequestSchema,
        {
          orderNo: single(options, 'order'),
          amountMinor: amountOption(options),
          referenceNote: single(options, 'reference-note'),
          recordedBy: single(options, 'by') ?? process.env.USER,
        },
        (field) => `--${({ orderNo: 'order', amountMinor: 'amount', referenceNote: 'reference-note', recordedBy: 'by' } as Record<string, string>)[field] ?? field}`,
      );
      const data = await operatorApi(context).call(OperatorRoutes.paymentRecord, { body });
      if (data.replay) context.note?.('This transfer was recorded before: nothing new was applied.');
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['order', 'ledger'],
    usage: 'order ledger <orderNo>',
    summary: "An order's ledger entries with their postings (debits positive), and each account's balance",
    run: async (context, _options, positionals) => {
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.orderLedger, { params: { orderNo: orderNoArgument(positionals) } })));
    },
  },
  {
    words: ['order', 'payoff'],
    usage: 'order payoff <orderNo>',
    summary: 'What settles an order today, or from when early repayment is allowed and why',
    run: async (context, _options, positionals) => {
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.orderPayoff, { params: { orderNo: orderNoArgument(positionals) } })));
    },
  },
  {
    words: ['ledger', 'check'],
    usage: 'ledger check',
    summary: 'Check the books: every entry balances and each order agrees with its ledger. Prints the result; exit status 1 when anything disagrees',
    run: async (context) => {
      const result = await operatorApi(context).call(OperatorRoutes.ledgerCheck);
      context.print(JSON.stringify(result));
      if (result.mismatchCount > 0) throw new LedgerMismatchError(`The ledger check found ${result.mismatchCount} mismatch(es) in ${result.ordersChecked} orders.`);
    },
  },
];
