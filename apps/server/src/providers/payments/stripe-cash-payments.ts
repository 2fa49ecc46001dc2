import { ErrorCode } from '@lend/contracts';
import type Stripe from 'stripe';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { closeEach, type CashPaymentProvider, type IssuedByProvider, type ReferenceRequest } from './cash-payments';
import { createStripeClient } from '../stripe-client';
import type { StripeCashConfig } from './stripe-config';
import { findStripeCustomer, saveStripeCustomer } from './stripe-customers';

function isStripeError(error: unknown): error is { code?: string } {
  return typeof error === 'object' && error !== null && 'type' in error && typeof error.type === 'string' && error.type.startsWith('Stripe');
}

/** What our PaymentIntents carry, so a payment report names the order, the channel and the purpose without a look-up. */
export type CashIntentMetadata = { orderNo: string; channelCode: string; requestType: string };

/**
 * What a customer's cash balance held, taken into a PaymentIntent of its own (docs/decisions/225):
 * the intent, paid from the balance, and when the newest transfer that funded the balance arrived.
 */
export type TakenCashBalance = { intent: Stripe.PaymentIntent; paidAt: Date | undefined };

/** The metadata key naming the reference's intent a PaymentIntent paid from the cash balance stands for. */
export const CASH_BALANCE_OF = 'cashBalanceOf';

/** Whether the intent is a SPEI transfer's (paid from the customer's cash balance). */
export function speiIntent(intent: Stripe.PaymentIntent): boolean {
  return intent.payment_method_types.includes('customer_balance');
}

/** How much of the intent transfers have funded while it still awaits the rest (Stripe's `amount_remaining`). */
export function partlyFunded(intent: Stripe.PaymentIntent): number {
  if (intent.status !== 'requires_action' || !speiIntent(intent)) return 0;
  const remaining = intent.next_action?.display_bank_transfer_instructions?.amount_remaining;
  return typeof remaining === 'number' && remaining < intent.amount ? intent.amount - remaining : 0;
}

/**
 * Mexico's cash rails on Stripe (docs/decisions/115): cash at a store is OXXO, a transfer is SPEI
 * into the borrower's own customer balance. Each reference is one PaymentIntent, confirmed at
 * once so its voucher number or transfer account comes back in the answer.
 */
export class StripeCashPayments implements CashPaymentProvider {
  readonly issuer = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Queryable,
    private readonly config: StripeCashConfig,
    client?: Stripe,
  ) {
    this.stripe = client ?? createStripeClient(config);
  }

  async issueReference(request: ReferenceRequest): Promise<IssuedByProvider> {
    if (request.currency !== 'MXN') throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    try {
      return request.kind === 'store' ? await this.oxxo(request) : await this.spei(request);
    } catch (error) {
      // Stripe's refusals (rate limits, idempotency conflicts, outages) leave the borrower a "try later".
      if (error instanceof AppError) throw error;
      throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    }
  }

  async closePayment(providerPaymentId: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(providerPaymentId, { cancellation_reason: 'abandoned' });
    } catch {
      // Already paid, already cancelled or expired at Stripe: nothing left open to close.
    }
  }

  /**
   * Cancels each PaymentIntent of a deleted borrower's voided references (an OXXO voucher or a SPEI
   * transfer's intent). Stripe answers `payment_intent_unexpected_state` for one already succeeded
   * or cancelled: nothing is left open then. A SPEI transfer into the customer's CLABE afterwards
   * stays in their cash balance at Stripe, applied to no intent of ours.
   */
  async closeForDeletion(_borrowerId: number, providerPaymentIds: readonly string[]): Promise<void> {
    await closeEach(providerPaymentIds, async (intentId) => {
      try {
        await this.stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' });
      } catch (error) {
        if (isStripeError(error) && error.code === 'payment_intent_unexpected_state') return;
        throw error;
      }
    });
  }

  /**
   * A reference's PaymentIntent as Stripe holds it now, and when it has succeeded, the time it was
   * paid: for SPEI, when Stripe applied the transferred money in the customer's cash balance to it;
   * otherwise its charge's time (docs/decisions/128). `paid` is false while it waits for its payment
   * (a SPEI one perhaps partly funded, docs/decisions/225) or was cancelled. Stripe's errors reach
   * the caller: the reconciler asks again on its next pass.
   */
  async intentState(intentId: string): Promise<{ intent: Stripe.PaymentIntent; paid: boolean; paidAt: Date | undefined }> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    if (intent.status !== 'succeeded') return { intent, paid: false, paidAt: undefined };
    const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    if (speiIntent(intent) && customer) return { intent, paid: true, paidAt: await this.appliedAt(customer, intent.id) };
    const charge = intent.latest_charge;
    return { intent, paid: true, paidAt: charge && typeof charge === 'object' ? new Date(charge.created * 1000) : undefined };
  }

  /** The PaymentIntent as Stripe holds it now. */
  intentNow(intentId: string): Promise<Stripe.PaymentIntent> {
    return this.stripe.paymentIntents.retrieve(intentId);
  }

  /**
   * Closes a SPEI intent a transfer of less has partly funded: Stripe returns what was applied to it
   * to the customer's cash balance, from which `takeCashBalance` takes it. An intent paid in the
   * meantime cannot be cancelled and stays paid: answers the intent as it is now.
   */
  async releasePartialFunding(intent: Stripe.PaymentIntent): Promise<Stripe.PaymentIntent> {
    try {
      return await this.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    } catch {
      return this.intentNow(intent.id);
    }
  }

  /**
   * Takes what the customer's cash balance holds into a new `customer_balance` PaymentIntent for
   * exactly that amount, made with the metadata of the reference's intent `of`: Stripe's automatic
   * reconciliation pays an intent awaiting funding from the balance when it is confirmed. Keyed on
   * the balance's newest transaction, so two takers of one balance make one intent. Null when the
   * balance is empty, or the intent was not paid at once (its own `payment_intent.succeeded` brings it).
   */
  async takeCashBalance(of: Stripe.PaymentIntent): Promise<TakenCashBalance | null> {
    const customer = typeof of.customer === 'string' ? of.customer : of.customer?.id;
    if (!customer) return null;
    const balance = await this.stripe.customers.retrieveCashBalance(customer);
    const available = balance.available?.[of.currency] ?? 0;
    if (available <= 0) return null;
    const newest = await this.stripe.customers.listCashBalanceTransactions(customer, { limit: 100 });
    const last = newest.data[0];
    if (!last) return null;
    const funded = newest.data.find((transaction) => transaction.type === 'funded');
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: available,
        currency: of.currency,
        customer,
        allowed_payment_method_types: ['customer_balance'],
        payment_method_data: { type: 'customer_balance' },
        payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } } },
        confirm: true,
        metadata: { orderNo: of.metadata.orderNo ?? '', channelCode: of.metadata.channelCode ?? '', requestType: of.metadata.requestType ?? '', [CASH_BALANCE_OF]: of.metadata[CASH_BALANCE_OF] ?? of.id },
      },
      { idempotencyKey: `lend-cash-balance-${customer}-${last.id}` },
    );
    if (intent.status !== 'succeeded') return null;
    return { intent, paidAt: funded ? new Date(funded.created * 1000) : undefined };
  }

  /** When the customer's cash balance was last applied to the intent (its funding by SPEI transfers). */
  private async appliedAt(customer: string, intentId: string): Promise<Date | undefined> {
    let applied: number | undefined;
    for await (const transaction of this.stripe.customers.listCashBalanceTransactions(customer, { limit: 100 })) {
      const target = transaction.applied_to_payment?.payment_intent;
      const id = typeof target === 'string' ? target : target?.id;
      if (transaction.type === 'applied_to_payment' && id === intentId) applied = Math.max(applied ?? 0, transaction.created);
    }
    return applied === undefined ? undefined : new Date(applied * 1000);
  }

  /** The same request again (same order, channel, purpose, amount and attempt) gets the same PaymentIntent back. */
  private idempotencyKey(request: ReferenceRequest): string {
    return `lend-cash-${request.orderNo}-${request.channelCode}-${request.requestType}-${request.amountMinor}-${request.attempt}`;
  }

  private metadata(request: ReferenceRequest): CashIntentMetadata {
    return { orderNo: request.orderNo, channelCode: request.channelCode, requestType: String(request.requestType) };
  }

  private async oxxo(request: ReferenceRequest): Promise<IssuedByProvider> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amountMinor,
        currency: 'mxn',
        allowed_payment_method_types: ['oxxo'],
        payment_method_data: {
          type: 'oxxo',
          billing_details: { name: request.borrower.name || request.borrower.phone, email: this.config.billingEmail },
        },
        confirm: true,
        metadata: this.metadata(request),
      },
      { idempotencyKey: this.idempotencyKey(request) },
    );
    const oxxo = intent.next_action?.oxxo_display_details;
    if (!oxxo?.number) throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    return {
      reference: oxxo.number,
      providerPaymentId: intent.id,
      ...(oxxo.expires_after ? { expiresAt: new Date(oxxo.expires_after * 1000) } : {}),
      display: oxxo.hosted_voucher_url ? { voucherUrl: oxxo.hosted_voucher_url } : {},
    };
  }

  /** One customer per borrower: Stripe gives each customer its own CLABE, so a transfer names who paid. */
  private async customerOf(request: ReferenceRequest): Promise<string> {
    const known = await findStripeCustomer(this.db, request.borrower.id);
    if (known) return known;
    const customer = await this.stripe.customers.create(
      { phone: request.borrower.phone, ...(request.borrower.name ? { name: request.borrower.name } : {}), metadata: { borrowerId: String(request.borrower.id) } },
      { idempotencyKey: `lend-customer-${request.borrower.id}` },
    );
    return saveStripeCustomer(this.db, request.borrower.id, customer.id);
  }

  private async spei(request: ReferenceRequest): Promise<IssuedByProvider> {
    const customer = await this.customerOf(request);
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amountMinor,
        currency: 'mxn',
        customer,
        allowed_payment_method_types: ['customer_balance'],
        payment_method_data: { type: 'customer_balance' },
        payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } } },
        confirm: true,
        metadata: this.metadata(request),
      },
      { idempotencyKey: this.idempotencyKey(request) },
    );
    const instructions = intent.next_action?.display_bank_transfer_instructions;
    const spei = instructions?.financial_addresses?.find((address) => address.spei)?.spei;
    if (!instructions || !spei?.clabe) throw new AppError(ErrorCode.PaymentReferenceUnavailable);
    return {
      // The transfer's reference identifies this PaymentIntent; the CLABE is the borrower's, shared by their intents.
      reference: instructions.reference ?? intent.id,
      providerPaymentId: intent.id,
      display: { clabe: spei.clabe, bankName: spei.bank_name, beneficiary: spei.account_holder_name },
    };
  }
}
