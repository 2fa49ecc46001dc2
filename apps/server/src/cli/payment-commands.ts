import { randomUUID } from 'node:crypto';
import {
  OperatorRoutes,
  PAYMENT_EXCEPTION_OUTCOMES,
  paymentExceptionListQuerySchema,
  paymentExceptionParamsSchema,
  paymentExceptionResolveRequestSchema,
  SIGNATURE_HEADER,
  WEBHOOK_BASE,
  webhookErrorSchema,
  webhookReceivedSchema,
  type PaymentEvent,
} from '@lend/contracts';
import { parseMajorAmount } from '@lend/domain';
import { z } from 'zod';
import { sign, SANDBOX_WEBHOOK_SECRET } from '../providers/payments/webhook-signature';
import { CommandError, operatorApi, pageParams, parsed, printPageLines, single, UsageError, type Command } from './command-kit';

/** The provider the simulator stands in for: the sandbox's webhook path. */
const SIMULATED_PROVIDER = 'sandbox-cash';

function requiredOption(options: Record<string, string[]>, name: string, hint: string): string {
  const value = single(options, name);
  if (!value) throw new UsageError(`--${name} ${hint} is required`);
  return value;
}

function paidAtOption(options: Record<string, string[]>): string {
  const text = single(options, 'paid-at');
  if (text === undefined) return new Date().toISOString();
  if (!z.iso.datetime({ offset: true }).safeParse(text).success) throw new UsageError(`--paid-at: not an ISO instant: ${text}`);
  return text;
}

/** Posts the event signed exactly as a provider does; a refusal becomes the provider's error code and message. */
async function postWebhook(serverUrl: string, secret: string, event: PaymentEvent) {
  const raw = JSON.stringify(event);
  let response: Response;
  try {
    response = await fetch(`${serverUrl}${WEBHOOK_BASE}/${SIMULATED_PROVIDER}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(secret, raw, new Date()) },
      body: raw,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new CommandError(`Cannot reach the server at ${serverUrl}: ${(error as Error).message}`);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  const received = webhookReceivedSchema.safeParse(payload);
  if (response.ok && received.success) return received.data;
  const refused = webhookErrorSchema.safeParse(payload);
  if (refused.success) throw new CommandError(`${refused.data.message} (${refused.data.error}, HTTP ${response.status})`);
  throw new CommandError(`Unexpected answer from ${serverUrl} (HTTP ${response.status})`);
}

export const PAYMENT_COMMANDS: Command[] = [
  {
    words: ['payment', 'exceptions'],
    usage: 'payment exceptions [--state open|resolved|all] [--limit <1-200>] [--cursor <c>]',
    summary:
      'Provider deliveries kept instead of applied (an event id reused with other content, a payment time that cannot be true), open ones unless --state says otherwise, newest first, one JSON line each',
    run: async (context, options) => {
      const { state } = parsed(paymentExceptionListQuerySchema.pick({ state: true }), { state: single(options, 'state') }, () => '--state');
      printPageLines(context, await operatorApi(context).call(OperatorRoutes.paymentExceptions, { query: { state, ...pageParams(options) } }));
    },
  },
  {
    words: ['payment', 'exception', 'resolve'],
    usage: `payment exception resolve --id <n> --resolution ${PAYMENT_EXCEPTION_OUTCOMES.join('|')} --note <text>`,
    summary:
      'Close a kept delivery with what was done about it: recorded by hand as a transfer (`payment record`), returned to the payer outside the system, or no money moved (a duplicate, a test); moves no money; prints the exception',
    run: async (context, options) => {
      const { id } = parsed(paymentExceptionParamsSchema, { id: single(options, 'id') }, () => '--id');
      const body = parsed(paymentExceptionResolveRequestSchema, { resolution: single(options, 'resolution'), note: single(options, 'note') }, (field) => `--${field}`);
      context.print(JSON.stringify(await operatorApi(context).call(OperatorRoutes.paymentExceptionResolve, { params: { id }, body })));
    },
  },
  {
    words: ['payment', 'simulate'],
    usage: 'payment simulate --reference <ref> --amount <amount> [--channel <code>] [--event-id <id>] [--paid-at <ISO instant>]',
    summary:
      'Pay a cash reference as the sandbox provider would: a signed webhook (CASH_PAYMENT_WEBHOOK_SECRET, else the sandbox secret); amount in pesos or rupees; the same --event-id again is a replay; prints the receipt',
    run: async (context, options) => {
      const reference = requiredOption(options, 'reference', '<ref>');
      const amountText = requiredOption(options, 'amount', '<amount>');
      const amountMinor = parseMajorAmount(amountText);
      if (amountMinor === null) throw new UsageError(`--amount: not an amount: ${amountText}`);
      const channel = single(options, 'channel');
      const eventId = single(options, 'event-id') ?? `sim_${randomUUID()}`;
      const paidAt = paidAtOption(options);

      const found = await operatorApi(context).call(OperatorRoutes.paymentReference, { params: { reference }, query: { channel } });
      if (found.length > 1) {
        throw new UsageError(`--channel is needed: reference ${reference} exists at ${found.map((r) => r.channel).join(', ')}`);
      }
      const [info] = found;
      if (!info) throw new CommandError(`No reference ${reference}`);
      const event: PaymentEvent = {
        id: eventId,
        type: 'payment.succeeded',
        reference: info.reference,
        channel: info.channel,
        orderNo: info.orderNo,
        amountMinor,
        currency: info.currency,
        paidAt,
      };
      const secret = process.env.CASH_PAYMENT_WEBHOOK_SECRET || SANDBOX_WEBHOOK_SECRET;
      const receipt = await postWebhook(context.serverUrl, secret, event);
      context.print(JSON.stringify({ ...receipt, eventId, orderNo: info.orderNo, channel: info.channel, amountMinor, currency: info.currency }));
    },
  },
  {
    words: ['payment', 'reconcile-cash'],
    usage: 'payment reconcile-cash',
    summary:
      'Ask Stripe and Razorpay now for payments of open references whose webhook never came and apply them; prints {"checked","applied","replayed","parked","failed"}',
    run: async (context) => {
      const counts = await operatorApi(context).call(OperatorRoutes.cashReconcile);
      context.print(JSON.stringify(counts));
    },
  },
];
