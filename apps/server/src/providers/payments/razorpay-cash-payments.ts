import { ErrorCode, Limits } from '@lend/contracts';
import Razorpay from 'razorpay';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { closeEach, type CashPaymentProvider, type IssuedByProvider, type ReferenceRequest } from './cash-payments';
import { findRazorpayAccount, pointRazorpayAccount, saveRazorpayAccount, type RazorpayAccountRow } from './razorpay-accounts';
import { razorpayWithin, type RazorpayConfig } from './razorpay-config';

/** A UPI QR code takes payments as long as any of our references is valid; Razorpay closes it then. */
const QR_VALID_SECONDS = Limits.paymentReferenceValidHours * 3_600;

/** Razorpay's largest page of a collection (`count`); unasked it answers 10. */
const RAZORPAY_PAGE = 100;

const paymentListSchema = z.object({
  items: z.array(z.object({ id: z.string(), amount: z.union([z.number(), z.string()]).transform(Number), currency: z.string(), status: z.string(), created_at: z.number().int() })),
});

/** Only a UPI payment link is shown as one: anything else Razorpay might answer is not a link we open. */
const UPI_INTENT = /^upi:\/\/pay\?[^\s"'<>]+$/;

/**
 * The `upi://pay?…` link a QR code holds, in its `image_content` when Razorpay answers it
 * (docs/decisions/131); the client's types do not name the field.
 */
function upiIntentOf(qr: object): string | undefined {
  const content = 'image_content' in qr ? qr.image_content : undefined;
  return typeof content === 'string' && UPI_INTENT.test(content) ? content : undefined;
}

/** What our QR codes and accounts carry, so Razorpay's dashboard names the order behind a payment. */
export type RazorpayNotes = { orderNo: string; channelCode: string; requestType: string };

/** A captured payment, with the fields Razorpay's credit events carry in `payload.payment.entity`. */
export type RazorpayCapture = { id: string; amount: number; currency: string; created_at: number };

/** Razorpay's API, where its client sends every call. */
export const RAZORPAY_API_URL = 'https://api.razorpay.com/v1';

export function createRazorpayClient(config: RazorpayConfig): Razorpay {
  return new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
}

/**
 * India's cash rails on Razorpay (docs/decisions/121): the instant channel is a single-use UPI QR
 * code for the amount, a transfer goes to the borrower's own Smart Collect account, opened once
 * and reused.
 */
export class RazorpayCashPayments implements CashPaymentProvider {
  readonly issuer = 'razorpay';
  private readonly razorpay: Razorpay;
  private readonly timeoutMs: number;

  constructor(
    private readonly db: Queryable,
    config: RazorpayConfig,
    private readonly now: () => Date = () => new Date(),
    client?: Razorpay,
  ) {
    this.razorpay = client ?? createRazorpayClient(config);
    this.timeoutMs = config.timeoutMs;
  }

  /** Every call is given `RAZORPAY_TIMEOUT_MS` (docs/decisions/214): one unanswered by then fails as unanswered. */
  private within<T>(call: Promise<T>, what: string): Promise<T> {
    return razorpayWithin(call, this.timeoutMs, what);
  }

  async issueReference(request: ReferenceRequest): Promise<IssuedByProvider> {
    if (request.currency !== 'INR') throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    try {
      return request.kind === 'store' ? await this.upiQr(request) : await this.transfer(request);
    } catch (error) {
      // Razorpay's refusals (bad requests, rate limits, outages) leave the borrower a "try later".
      if (error instanceof AppError) throw error;
      throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    }
  }

  async closePayment(providerPaymentId: string): Promise<void> {
    try {
      await this.within(this.razorpay.qrCode.close(providerPaymentId), 'closing a QR code');
    } catch {
      // Already paid or closed at Razorpay: nothing left open to close.
    }
  }

  /**
   * Closes a deleted borrower's open UPI QR codes and their Smart Collect account
   * (`POST /payments/qr_codes/{id}/close`, `POST /virtual_accounts/{id}/close`), so no payment lands
   * on them. A QR code Razorpay refuses to close is read back: one already closed (paid, expired,
   * closed before) counts as closed; otherwise the failure is thrown.
   */
  async closeForDeletion(borrowerId: number, providerPaymentIds: readonly string[]): Promise<void> {
    const account = await findRazorpayAccount(this.db, borrowerId);
    await closeEach([...providerPaymentIds.map((id) => ({ qr: id })), ...(account ? [{ account: account.virtualAccountId }] : [])], async (item) => {
      if ('account' in item) {
        await this.within(this.razorpay.virtualAccounts.close(item.account), 'closing a Smart Collect account');
        return;
      }
      try {
        await this.within(this.razorpay.qrCode.close(item.qr), 'closing a QR code');
      } catch (error) {
        const qr = await this.within(this.razorpay.qrCode.fetch(item.qr), 'a QR code');
        if (qr.status !== 'closed') throw error;
      }
    });
  }

  /**
   * The captured payments Razorpay holds for a UPI QR code, or into a Smart Collect account (all of
   * them, page by page, newest first), as the credit events carry them (docs/decisions/128, 214). Razorpay's errors
   * reach the caller: the reconciler asks again on its next pass.
   */
  async capturedPayments(of: { qrCode: string } | { account: string }): Promise<RazorpayCapture[]> {
    const captured: RazorpayCapture[] = [];
    // Razorpay answers 10 payments unless asked for more, and at most 100 a page: every page is read.
    for (let skip = 0; ; skip += RAZORPAY_PAGE) {
      const page = { count: RAZORPAY_PAGE, skip };
      const asked =
        'qrCode' in of
          ? this.razorpay.qrCode.fetchAllPayments(of.qrCode, page)
          : // The client's `virtualAccounts.fetchPayments` sends no `count` or `skip`: the account's payments are asked by their path.
            this.razorpay.api.get<typeof page, unknown>({ url: `/virtual_accounts/${encodeURIComponent(of.account)}/payments`, data: page });
      const list = paymentListSchema.parse(await this.within(asked, 'a payment listing'));
      for (const payment of list.items) {
        if (payment.status === 'captured') captured.push({ id: payment.id, amount: payment.amount, currency: payment.currency, created_at: payment.created_at });
      }
      if (list.items.length < RAZORPAY_PAGE) return captured;
    }
  }

  private notes(request: ReferenceRequest): RazorpayNotes {
    return { orderNo: request.orderNo, channelCode: request.channelCode, requestType: String(request.requestType) };
  }

  private async upiQr(request: ReferenceRequest): Promise<IssuedByProvider> {
    const closeBy = Math.floor(this.now().getTime() / 1000) + QR_VALID_SECONDS;
    const qr = await this.within(this.razorpay.qrCode.create({
      type: 'upi_qr',
      name: request.orderNo,
      usage: 'single_use',
      fixed_amount: true,
      payment_amount: request.amountMinor,
      description: `Order ${request.orderNo}`,
      close_by: closeBy,
      notes: this.notes(request),
    }), 'a QR code');
    if (!qr.id || !qr.image_url) throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    const intent = upiIntentOf(qr);
    return {
      reference: qr.id,
      providerPaymentId: qr.id,
      expiresAt: new Date((qr.close_by ?? closeBy) * 1000),
      display: { upiQrUrl: qr.image_url, ...(intent ? { upiIntentUrl: intent } : {}) },
    };
  }

  /** One account per borrower: a transfer into it names who paid. */
  private async accountOf(request: ReferenceRequest): Promise<RazorpayAccountRow> {
    const known = await findRazorpayAccount(this.db, request.borrower.id);
    if (known) return known;
    const account = await this.within(this.razorpay.virtualAccounts.create({
      receivers: { types: ['bank_account'] },
      description: `Loan repayments of borrower ${request.borrower.id}`,
      ...(request.borrower.name ? { name: request.borrower.name } : {}),
      notes: { borrowerId: String(request.borrower.id) },
    }), 'a Smart Collect account');
    const bank = account.receivers.find((receiver) => receiver.entity === 'bank_account');
    if (!bank) throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    return saveRazorpayAccount(this.db, {
      borrowerId: request.borrower.id,
      virtualAccountId: account.id,
      accountNumber: bank.account_number,
      ifsc: bank.ifsc,
      bankName: bank.bank_name,
      beneficiary: bank.name,
    });
  }

  private async transfer(request: ReferenceRequest): Promise<IssuedByProvider> {
    const account = await this.accountOf(request);
    // The account is the borrower's, shared by their references; the reference names this one and is the same for a retried request.
    const reference = `${request.orderNo}-${request.requestType}-${request.amountMinor}-${request.attempt}`;
    await pointRazorpayAccount(this.db, request.borrower.id, { channelCode: request.channelCode, orderNo: request.orderNo, reference });
    return {
      reference,
      display: { accountNumber: account.accountNumber, ifsc: account.ifsc, bankName: account.bankName, beneficiary: account.beneficiary },
    };
  }
}
