import type Razorpay from 'razorpay';
import { RAZORPAY_API_URL } from '../payments/razorpay-cash-payments';
import { razorpayWithin, RazorpayUnanswered, type RazorpayConfig } from '../payments/razorpay-config';
import { z } from 'zod';
import type { ProviderRefund, RefundProvider, RefundRequest, RefundStatus } from './refund-provider';
import { dayBounds, type SettlementLine, type SettlementSource } from './settlement-source';

/** The receipt a refund is made with at Razorpay: ours, one per refund, how it is found again. */
export const razorpayReceipt = (refundId: number) => `lend-refund-${refundId}`;

/** Our refund's number from a Razorpay refund's receipt, when the receipt is one of ours. */
export function refundIdOfReceipt(receipt: string | null | undefined): number | undefined {
  const match = /^lend-refund-(\d{1,9})$/.exec(receipt ?? '');
  return match?.[1] ? Number(match[1]) : undefined;
}

/** Razorpay's three refund states are ours: `processed` is done, `failed` returned nothing. */
export function razorpayRefundStatus(status: string): RefundStatus {
  if (status === 'processed') return 'succeeded';
  if (status === 'failed') return 'failed';
  return 'pending';
}

const refundSchema = z.object({ id: z.string(), payment_id: z.string(), amount: z.number().int(), status: z.string(), receipt: z.string().nullable().optional() });
const refundListSchema = z.object({ items: z.array(refundSchema) });
type RazorpayRefund = z.infer<typeof refundSchema>;

const answer = (refund: RazorpayRefund): ProviderRefund => ({ refundId: refund.id, status: razorpayRefundStatus(refund.status) });

/** Razorpay refused the refund itself (`BAD_REQUEST_ERROR`: more than is left of the payment, a payment fully refunded already): nothing was made. */
class RazorpayRefundRefused extends Error {
  constructor(description: string) {
    super(`razorpay refused the refund: ${description}`);
    this.name = 'RazorpayRefundRefused';
  }
}

const errorSchema = z.object({ error: z.object({ code: z.string().optional(), description: z.string().optional() }).optional() });

/**
 * `POST /v1/payments/{id}/refund` with Razorpay's `X-Refund-Idempotency` header (docs/decisions/214),
 * which its client cannot send: the same key and body again is the same refund, never a second one.
 * Within the time limit, or a `RazorpayUnanswered`; a 409 (the same key still being made) and a 5xx
 * are unanswered too, and the refund is looked up again later.
 */
async function createRefund(account: RazorpayConfig, paymentId: string, idempotencyKey: string, body: Record<string, unknown>): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${RAZORPAY_API_URL}/payments/${encodeURIComponent(paymentId)}/refund`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${account.keyId}:${account.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
        'x-refund-idempotency': idempotencyKey,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(account.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new RazorpayUnanswered(`razorpay did not answer a refund within ${account.timeoutMs} ms (${error instanceof Error ? error.name : 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RazorpayUnanswered(`razorpay answered a refund with ${response.status} without JSON`);
  }
  if (response.ok) return parsed;
  const error = errorSchema.safeParse(parsed).data?.error;
  if (response.status === 400 && error?.code === 'BAD_REQUEST_ERROR') throw new RazorpayRefundRefused(error.description ?? 'no description');
  if (response.status === 409 || response.status >= 500) throw new RazorpayUnanswered(`razorpay answered a refund with ${response.status}`);
  throw new Error(`razorpay answered a refund with ${response.status} ${error?.code ?? ''}`);
}

/** The refunds a payment has had at Razorpay, a hundred at a time (its page limit). */
async function refundsOfPayment(razorpay: Razorpay, paymentId: string, timeoutMs: number): Promise<RazorpayRefund[]> {
  const found: RazorpayRefund[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = refundListSchema.parse(await razorpayWithin(razorpay.payments.fetchMultipleRefund(paymentId, { count: 100, skip }), timeoutMs, 'a refund listing'));
    found.push(...page.items);
    if (page.items.length < 100) return found;
  }
}

/**
 * Refunds through Razorpay (docs/decisions/127) of the payment (`pay_…`) its credit event named.
 * Each refund carries a receipt made from our refund's number, sent as Razorpay's
 * `X-Refund-Idempotency` key too (docs/decisions/214): before asking for a refund, the payment's
 * refunds are read for one with that receipt, so a refund whose answer was lost (a time-out) is
 * found rather than made twice, and Razorpay itself answers a second ask with the first refund. Once
 * Razorpay has named the refund, following it up fetches it by that id. Calls for one refund in
 * this process take turns, so two at once cannot both find nothing and both ask.
 */
export class RazorpayRefunds implements RefundProvider {
  private readonly inFlight = new Map<number, Promise<ProviderRefund>>();

  constructor(
    readonly name: string,
    private readonly razorpay: Razorpay,
    private readonly account: RazorpayConfig,
  ) {
    this.timeoutMs = account.timeoutMs;
  }

  private readonly timeoutMs: number;

  refund(request: RefundRequest): Promise<ProviderRefund> {
    const running = this.inFlight.get(request.refundId);
    if (running) return running;
    const asked = this.ask(request).finally(() => this.inFlight.delete(request.refundId));
    this.inFlight.set(request.refundId, asked);
    return asked;
  }

  private async ask(request: RefundRequest): Promise<ProviderRefund> {
    if (request.providerRefundId) {
      return answer(refundSchema.parse(await razorpayWithin(this.razorpay.payments.fetchRefund(request.providerPaymentId, request.providerRefundId), this.timeoutMs, 'a refund')));
    }
    const receipt = razorpayReceipt(request.refundId);
    const made = (await refundsOfPayment(this.razorpay, request.providerPaymentId, this.timeoutMs)).find((refund) => refund.receipt === receipt);
    if (made) return answer(made);
    try {
      // The receipt is the idempotency key too: every ask of this refund sends the same body with it.
      const refund = await createRefund(this.account, request.providerPaymentId, receipt, { amount: request.amountMinor, speed: 'normal', receipt, notes: { idempotencyKey: request.idempotencyKey } });
      return answer(refundSchema.parse(refund));
    } catch (error) {
      // Razorpay refused outright: no money moved, so the credit goes back (as Stripe's refusal, 123).
      if (error instanceof RazorpayRefundRefused) return { refundId: `refused-${receipt}`, status: 'failed' };
      throw error;
    }
  }
}

/** Which of the account's payments a report carries: India's cash rails (UPI, transfers) or cards. */
export type RazorpayMethods = 'cash' | 'card';

const reconItemSchema = z.object({
  entity_id: z.string(),
  type: z.string(),
  amount: z.union([z.number(), z.string()]).transform(Number),
  currency: z.string(),
  fee: z.number().int().nullable().optional(),
  created_at: z.number().int(),
  payment_id: z.string().nullable().optional(),
  method: z.string().nullable().optional(),
});
const reconPageSchema = z.object({ count: z.number().int(), items: z.array(reconItemSchema) });
type ReconItem = z.infer<typeof reconItemSchema>;

/** The recon API's page limit. */
const RECON_PAGE = 1000;

/**
 * Razorpay settles a payment some days after it was made (T+2 for domestic payments, later on
 * holidays): a day's movements are looked for in the settlements of that day and the few after.
 */
export const RAZORPAY_SETTLEMENT_DAYS = 4;

async function settledOn(razorpay: Razorpay, day: Date, timeoutMs: number): Promise<ReconItem[]> {
  const items: ReconItem[] = [];
  for (let skip = 0; ; skip += RECON_PAGE) {
    const report = razorpay.settlements.reports({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), count: RECON_PAGE, skip });
    const answer: unknown = await razorpayWithin(report, timeoutMs, 'a settlement report');
    const page = reconPageSchema.parse(answer);
    items.push(...page.items);
    if (page.items.length < RECON_PAGE) return items;
  }
}

const methodOf = (item: ReconItem): RazorpayMethods => (item.method === 'card' ? 'card' : 'cash');

function lineOf(item: ReconItem): SettlementLine | undefined {
  const currency = item.currency.toUpperCase();
  // Razorpay's fee includes its GST (`tax` is that part), as the payment entity reports it.
  const feeMinor = item.fee ?? 0;
  if (item.type === 'payment') return { providerTxId: item.entity_id, kind: 'payment', amountMinor: item.amount, currency, feeMinor };
  if (item.type === 'refund') {
    return { providerTxId: item.entity_id, kind: 'refund', amountMinor: item.amount, currency, feeMinor, ...(item.payment_id ? { reference: item.payment_id } : {}) };
  }
  // Transfers, adjustments and disputes move the account's balance, not a borrower's payment we took.
  return undefined;
}

/**
 * Razorpay's settlement for a day (docs/decisions/127): the settlement recon of that day and of the
 * `RAZORPAY_SETTLEMENT_DAYS` after it (`settlements.reports`, a thousand items a page), kept to the
 * payments and refunds created on the day, of `methods`' payments, each with Razorpay's fee.
 * `lagDays` tells the settlement job to run a day only once Razorpay has settled it.
 */
export function razorpaySettlement(name: string, razorpay: Razorpay, methods: RazorpayMethods, timeoutMs: number): SettlementSource {
  return {
    name,
    lagDays: RAZORPAY_SETTLEMENT_DAYS,
    async settlementLines(day) {
      const { from, to } = dayBounds(day);
      const seen = new Set<string>();
      const lines: SettlementLine[] = [];
      for (let offset = 0; offset <= RAZORPAY_SETTLEMENT_DAYS; offset += 1) {
        const settlementDay = new Date(from.getTime() + offset * 86_400_000);
        // Nothing is settled on a day still to come.
        if (settlementDay.getTime() > Date.now()) break;
        for (const item of await settledOn(razorpay, settlementDay, timeoutMs)) {
          const created = item.created_at * 1000;
          if (created < from.getTime() || created >= to.getTime() || methodOf(item) !== methods || seen.has(item.entity_id)) continue;
          const line = lineOf(item);
          if (!line) continue;
          seen.add(item.entity_id);
          lines.push(line);
        }
      }
      return lines;
    },
  };
}
