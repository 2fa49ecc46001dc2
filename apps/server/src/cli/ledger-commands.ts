import { ledgerCheckResultSchema, manualPaymentRequestSchema, OperatorPath, orderNoParamsSchema, paymentIdParamsSchema, paymentListQuerySchema } from '@lend/contracts';
import { parseMajorAmount } from '@lend/domain';
import { pageParams, parsed, printPageLines, single, UsageError, type Command } from './command-kit';
import { callOperator, OperatorCallError } from './operator-client';

/** The books disagree with the orders: the command printed what it found and ends with status 1. */
export class LedgerMismatchError extends OperatorCallError {
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
      const query = new URLSearchParams({ ...(orderNo === undefined ? {} : { orderNo }), ...pageParams(options) });
      printPageLines(context, await callOperator(context.serverUrl, context.token, 'GET', `${OperatorPath.payments}?${query}`));
    },
  },
  {
    words: ['payment', 'show'],
    usage: 'payment show <paymentId>',
    summary: 'One receipt: what the payment paid, line by line, and the balance it left',
    run: async (context, _options, positionals) => {
      const { id } = parsed(paymentIdParamsSchema, { id: positionals[0] }, () => '<paymentId>');
      const path = OperatorPath.payment.replace(':id', String(id));
      context.print(JSON.stringify(await callOperator(context.serverUrl, context.token, 'GET', path)));
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
      const data = await callOperator(context.serverUrl, context.token, 'POST', OperatorPath.payments, body);
      if ((data as { replay?: unknown }).replay === true) context.note?.('This transfer was recorded before: nothing new was applied.');
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['order', 'ledger'],
    usage: 'order ledger <orderNo>',
    summary: "An order's ledger entries with their postings (debits positive), and each account's balance",
    run: async (context, _options, positionals) => {
      const path = OperatorPath.orderLedger.replace(':orderNo', encodeURIComponent(orderNoArgument(positionals)));
      context.print(JSON.stringify(await callOperator(context.serverUrl, context.token, 'GET', path)));
    },
  },
  {
    words: ['order', 'payoff'],
    usage: 'order payoff <orderNo>',
    summary: 'What settles an order today, or from when early repayment is allowed and why',
    run: async (context, _options, positionals) => {
      const path = OperatorPath.orderPayoff.replace(':orderNo', encodeURIComponent(orderNoArgument(positionals)));
      context.print(JSON.stringify(await callOperator(context.serverUrl, context.token, 'GET', path)));
    },
  },
  {
    words: ['ledger', 'check'],
    usage: 'ledger check',
    summary: 'Check the books: every entry balances and each order agrees with its ledger. Prints the result; exit status 1 when anything disagrees',
    run: async (context) => {
      const result = ledgerCheckResultSchema.parse(await callOperator(context.serverUrl, context.token, 'GET', OperatorPath.ledgerCheck));
      context.print(JSON.stringify(result));
      if (result.mismatchCount > 0) throw new LedgerMismatchError(`The ledger check found ${result.mismatchCount} mismatch(es) in ${result.ordersChecked} orders.`);
    },
  },
];
