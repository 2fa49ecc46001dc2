import { creditApproveRequestSchema, creditDeclineRequestSchema, OperatorRoutes } from '@lend/contracts';
import { operatorApi, pageParams, parsed, printPageLines, single, UsageError, type Command } from './command-kit';

function decisionId(value: string | undefined): string {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) throw new UsageError('decisionId must be a positive whole number');
  return value;
}

function minorUnits(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,14}$/.test(value)) throw new UsageError('--ceiling must be a positive whole number of minor units (centavos, paise)');
  return Number(value);
}

/** A credit officer's commands: referred applications and their decision (docs/decisions/141). */
export const CREDIT_COMMANDS: Command[] = [
  {
    words: ['credit', 'referrals'],
    usage: 'credit referrals [--limit <1-200>] [--cursor <c>]',
    summary: 'Referred applications waiting for a credit officer, oldest first, a page at a time, one JSON line each with the inputs, points and reasons',
    run: async (context, options) => {
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.referrals, { query: pageParams(options) }));
    },
  },
  {
    words: ['credit', 'approve'],
    usage: 'credit approve <decisionId> --ceiling <minor units> --officer <name> --reason "…"',
    summary: 'Approve a referred application with a ceiling no higher than the rules allowed; prints the decision',
    run: async (context, options, positionals) => {
      const id = decisionId(positionals[0]);
      const body = parsed(
        creditApproveRequestSchema,
        { officer: single(options, 'officer'), reason: single(options, 'reason'), amountCeilingMinor: minorUnits(single(options, 'ceiling')) },
        (field) => (field === 'amountCeilingMinor' ? '--ceiling' : `--${field}`),
      );
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.referralApprove, { params: { decisionId: id }, body })));
    },
  },
  {
    words: ['credit', 'decline'],
    usage: 'credit decline <decisionId> --officer <name> --reason "…"',
    summary: "Decline a referred application with a reason; the borrower may apply again after the product's wait",
    run: async (context, options, positionals) => {
      const id = decisionId(positionals[0]);
      const body = parsed(creditDeclineRequestSchema, { officer: single(options, 'officer'), reason: single(options, 'reason') }, (field) => `--${field}`);
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.referralDecline, { params: { decisionId: id }, body })));
    },
  },
];
