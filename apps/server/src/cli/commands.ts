import { createSessionRequestSchema, OperatorRoutes, PHONE_MARKETS, promoTemplateInputSchema, promoTemplateUpdateSchema, smsOutboxQuerySchema } from '@lend/contracts';
import { LENDER_COMMANDS } from './lender-commands';
import { checkedFile, operatorApi, pageParams, parsed, printPageLines, readJsonFile, required, single, UsageError, type Command } from './command-kit';
import { COMPLAINT_COMMANDS } from './complaint-commands';
import { CREDIT_COMMANDS } from './credit-commands';
import { JOB_COMMANDS } from './job-commands';
import { LEDGER_COMMANDS } from './ledger-commands';
import { LOAN_COMMANDS } from './loan-commands';
import { PAYMENT_COMMANDS } from './payment-commands';
import { REMINDER_COMMANDS } from './reminder-commands';
import { CARD_COMMANDS } from './card-commands';
import { PRIVACY_COMMANDS } from './privacy-commands';
import { PAYOUT_COMMANDS } from './payout-commands';
import { REFUND_COMMANDS } from './refund-commands';
import { STAFF_COMMANDS } from './staff-commands';

export { UsageError, type Command, type CommandContext } from './command-kit';

function positiveId(value: string, name: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(value);
}

/** A template file with `--market` (MX or IN) in place of the file's own, when given (docs/decisions/232). */
function withMarketOption(file: unknown, options: Record<string, string[]>): unknown {
  const market = single(options, 'market');
  if (market === undefined) return file;
  if (!PHONE_MARKETS.some((candidate) => candidate === market)) throw new UsageError('--market must be MX or IN');
  return typeof file === 'object' && file !== null ? { ...file, market } : file;
}

/** Every operator command; later capabilities add theirs here and in the operator API. */
export const COMMANDS: Command[] = [
  {
    words: ['session', 'create'],
    usage: 'session create --phone <digits> [--market MX|IN] [--name <name>] [--device <id>]',
    summary: 'Open a borrower session (creating the borrower if new); prints {"userId","sessionId","expiresAt"}',
    run: async (context, options) => {
      const body = parsed(
        createSessionRequestSchema,
        { phone: single(options, 'phone'), market: single(options, 'market'), name: single(options, 'name'), deviceId: single(options, 'device') },
        (field) => (field === 'deviceId' ? '--device' : `--${field || 'phone'}`),
      );
      const data = await operatorApi(context).call(OperatorRoutes.createSession, { body });
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['contact', 'list'],
    usage: 'contact list [--limit <1-200>] [--cursor <c>]',
    summary: 'Messages left through the site contact form, newest first, a page at a time; prints {"items":[…],"nextCursor"}',
    run: async (context, options) => {
      const data = await operatorApi(context).call(OperatorRoutes.contactMessages, { query: pageParams(options) });
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['promo', 'template', 'create'],
    usage: 'promo template create --file <template.json> [--market MX|IN]',
    summary:
      "Create a landing template from a JSON file (name, market, content.en/es {title, headline, body}, bannerUrl, colours, downloadLinks, termsUrl, trackingCode); --market overrides the file's, and without either the template is PROMOTION_MARKET's; prints it with its id",
    run: async (context, options) => {
      const body = checkedFile(promoTemplateInputSchema, withMarketOption(readJsonFile(required(options, 'file', '<template.json>')), options));
      const data = await operatorApi(context).call(OperatorRoutes.promoTemplateCreate, { body });
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['promo', 'template', 'update'],
    usage: 'promo template update --id <id> --file <template.json> [--active 0|1] [--market MX|IN]',
    summary:
      'Replace a landing template with a JSON file of the same fields as create plus active; --active 0 ends its campaign, 1 restarts it; --market moves it to that market (both override the file; without a market the template keeps its own); prints it',
    run: async (context, options) => {
      const id = positiveId(required(options, 'id', '<id>'), 'id');
      const file = withMarketOption(readJsonFile(required(options, 'file', '<template.json>')), options);
      const activeOption = single(options, 'active');
      if (activeOption !== undefined && activeOption !== '0' && activeOption !== '1') throw new UsageError('--active must be 0 or 1');
      const given = activeOption === undefined || typeof file !== 'object' || file === null ? file : { ...file, active: activeOption === '1' };
      const body = checkedFile(promoTemplateUpdateSchema, given);
      const data = await operatorApi(context).call(OperatorRoutes.promoTemplateUpdate, { params: { id }, body });
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['promo', 'template', 'list'],
    usage: 'promo template list [--limit <1-200>] [--cursor <c>]',
    summary: 'Landing templates, oldest first, a page at a time, one JSON line each',
    run: async (context, options) => {
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.promoTemplates, { query: pageParams(options) }));
    },
  },
  {
    words: ['promo', 'funnel'],
    usage: 'promo funnel --template <id>',
    summary: 'Visits, Register clicks, SMS sent and registrations of a template; prints {"templateId","visits","clicks","smsSent","registrations"}',
    run: async (context, options) => {
      const id = positiveId(required(options, 'template', '<id>'), 'template');
      const data = await operatorApi(context).call(OperatorRoutes.promoFunnel, { query: { templateId: id } });
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['sms', 'outbox'],
    usage: 'sms outbox (--phone <digits> | --status <status>) [--limit <1-200>] [--cursor <c>]',
    summary:
      'The newest messages sent to a phone and/or in a status (--status failed: the sends that failed), printed oldest first, one JSON line each (with the kind: code or a reminder, the status, the error and the code when the sandbox kept it)',
    run: async (context, options) => {
      const phone = single(options, 'phone');
      const statusText = single(options, 'status');
      const status = statusText === undefined ? undefined : parsed(smsOutboxQuerySchema.shape.status, statusText, () => '--status');
      if (!phone && !status) throw new UsageError('--phone <digits> or --status <status> is required');
      const query = { ...(phone ? { phone } : {}), ...(status ? { status } : {}), ...pageParams(options) };
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.smsOutbox, { query }), true);
    },
  },
  {
    words: ['captcha', 'answer'],
    usage: 'captcha answer --sid <sid>',
    summary: "Demo mode only: the answer of a visitor's current captcha; prints {\"answer\"}",
    run: async (context, options) => {
      const sid = required(options, 'sid', '<sid>');
      const data = await operatorApi(context).call(OperatorRoutes.captchaAnswer, { query: { sid } });
      context.print(JSON.stringify(data));
    },
  },
  {
    words: ['health'],
    usage: 'health',
    summary: 'Check that the server answers the operator API with this token',
    run: async (context) => {
      const data = await operatorApi(context).call(OperatorRoutes.health);
      context.print(JSON.stringify(data));
    },
  },
  ...COMPLAINT_COMMANDS,
  ...LOAN_COMMANDS,
  ...PAYMENT_COMMANDS,
  ...LEDGER_COMMANDS,
  ...CARD_COMMANDS,
  ...REMINDER_COMMANDS,
  ...PRIVACY_COMMANDS,
  ...REFUND_COMMANDS,
  ...CREDIT_COMMANDS,
  ...STAFF_COMMANDS,
  ...PAYOUT_COMMANDS,
  ...JOB_COMMANDS,
  ...LENDER_COMMANDS,
];
