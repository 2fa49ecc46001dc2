import { setTimeout as sleep } from 'node:timers/promises';
import { SIGNATURE_HEADER } from '@lend/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { sign } from '../../payments/webhook-signature';
import { CardProviderUnavailableError, type CheckoutRequest, type CheckoutState, type RedirectPaymentProvider } from '../card-provider';
import { cardNotificationPath, type RedirectNotification } from '../redirect-notification';
import { SANDBOX_CARD_PROVIDER_NAME, SandboxCardPath } from './sandbox-card-paths';
import {
  completeOpenCheckout,
  findChargeByKey,
  findCheckout,
  findCheckoutByReference,
  insertChargeOnce,
  insertCheckoutOnce,
  type SandboxCheckoutRow,
} from './sandbox-card-repository';
import { sandboxId } from './sandbox-ids';

/** Sends one signed notification; answers the receiver's HTTP status. */
export type NotificationDelivery = (path: string, rawBody: string, headers: Record<string, string>) => Promise<{ statusCode: number }>;

export type SandboxRedirectOptions = {
  db: Db;
  now: () => Date;
  /** What the notifications are signed with (CARD_PAYMENT_WEBHOOK_SECRET). */
  secret: string;
  deliver: NotificationDelivery;
  /** Waited before each retry of a failed delivery, times the attempt (CARD_SANDBOX_LATENCY_MS). */
  retryDelayMs: number;
  log: FastifyBaseLogger;
};

/** Deliveries of one notification before the sandbox gives up; the result call settles it later. */
export const NOTIFICATION_ATTEMPTS = 3;

const chargeKey = (checkoutId: string) => `checkout-${checkoutId}`;

/** Only our own site's paths or a web address: never `javascript:` or a scheme-relative `//host`. */
function acceptableReturnUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  return /^https?:\/\/[^\s]+$/i.test(url);
}

function isCurrency(value: string): value is 'MXN' | 'INR' {
  return value === 'MXN' || value === 'INR';
}

function currencyOf(row: SandboxCheckoutRow): 'MXN' | 'INR' {
  if (!isCurrency(row.currency)) throw new Error(`sandbox checkout has an unknown currency: ${row.currency}`);
  return row.currency;
}

function statusOf(row: SandboxCheckoutRow): CheckoutState['status'] {
  if (row.status === 'open' || row.status === 'paid' || row.status === 'cancelled') return row.status;
  throw new Error(`sandbox checkout has an unknown status: ${row.status}`);
}

export type CheckoutPress = { checkout: SandboxCheckoutRow; changed: boolean };

/**
 * The redirect checkout that runs in our process by default (docs/decisions/081): a page per
 * payment with pay and cancel, each taking effect once, a succeeded charge in the sandbox's books
 * for a paid one, and the signed notification a real provider would send.
 */
export class SandboxRedirectProvider implements RedirectPaymentProvider {
  readonly name = SANDBOX_CARD_PROVIDER_NAME;

  constructor(private readonly options: SandboxRedirectOptions) {}

  async createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }> {
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
      throw new CardProviderUnavailableError('the provider refused the checkout: the amount must be a whole number of minor units above 0');
    }
    if (!acceptableReturnUrl(request.returnUrl)) {
      throw new CardProviderUnavailableError('the provider refused the checkout: the return address must be a path or an http(s) address');
    }
    const { language, ...payment } = request;
    const row = await insertCheckoutOnce(this.options.db, { id: sandboxId('chk_'), ...payment, status: 'open' });
    // One reference, one checkout: asking again answers the same page, unless it was for another payment.
    if (row.amountMinor !== request.amountMinor || row.currency !== request.currency || row.returnUrl !== request.returnUrl) {
      throw new CardProviderUnavailableError('the provider refused the checkout: the merchant reference was used for another payment');
    }
    // The page speaks the borrower's language, whatever the currency (Spanish unless told otherwise).
    return { checkoutId: row.id, url: `${SandboxCardPath.checkout(row.id)}${language === 'en' ? '?lang=en' : ''}` };
  }

  async findCheckout(merchantReference: string): Promise<CheckoutState | null> {
    const row = await findCheckoutByReference(this.options.db, merchantReference);
    if (!row) return null;
    const charge = row.status === 'paid' ? await findChargeByKey(this.options.db, chargeKey(row.id)) : null;
    return {
      checkoutId: row.id,
      merchantReference: row.merchantReference,
      status: statusOf(row),
      amountMinor: row.amountMinor,
      currency: currencyOf(row),
      chargeId: charge?.id ?? null,
      completedAt: row.completedAt,
    };
  }

  /** The checkout page's session; null for an id the provider never issued. */
  checkout(checkoutId: string): Promise<SandboxCheckoutRow | null> {
    return findCheckout(this.options.db, checkoutId);
  }

  /**
   * The borrower pressed pay or cancel. Only an open checkout changes, in one statement, so a
   * second press (or a pay racing a cancel) changes nothing and notifies nobody. Null for an
   * unknown id.
   */
  async press(checkoutId: string, action: 'pay' | 'cancel'): Promise<CheckoutPress | null> {
    const at = this.options.now();
    const completed = await this.options.db.transaction(async (tx) => {
      const row = await completeOpenCheckout(tx, checkoutId, action === 'pay' ? 'paid' : 'cancelled', at);
      if (!row) return null;
      const charge =
        action === 'pay'
          ? await insertChargeOnce(tx, {
              id: sandboxId('ch_'),
              idempotencyKey: chargeKey(row.id),
              // The borrower paid on the provider's page: the checkout stands for the card.
              token: row.id,
              amountMinor: row.amountMinor,
              currency: row.currency,
              status: 'succeeded',
            })
          : null;
      return { row, chargeId: charge?.id ?? null };
    });
    if (!completed) {
      const checkout = await findCheckout(this.options.db, checkoutId);
      return checkout ? { checkout, changed: false } : null;
    }
    await this.notify({
      eventId: sandboxId('evt_'),
      checkoutId: completed.row.id,
      merchantReference: completed.row.merchantReference,
      status: action === 'pay' ? 'paid' : 'cancelled',
      amountMinor: completed.row.amountMinor,
      currency: currencyOf(completed.row),
      chargeId: completed.chargeId,
      occurredAt: at.toISOString(),
    });
    return { checkout: completed.row, changed: true };
  }

  /**
   * Delivers the signed notification, retrying a failure a few times. It never fails the press:
   * the borrower is sent back either way, and our side asks `findCheckout` when nothing arrived.
   */
  private async notify(notification: RedirectNotification): Promise<void> {
    const rawBody = JSON.stringify(notification);
    const path = cardNotificationPath(this.name);
    let lastFailure = '';
    for (let attempt = 1; attempt <= NOTIFICATION_ATTEMPTS; attempt += 1) {
      if (attempt > 1 && this.options.retryDelayMs > 0) await sleep(this.options.retryDelayMs * (attempt - 1));
      const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(this.options.secret, rawBody, this.options.now()) };
      try {
        const { statusCode } = await this.options.deliver(path, rawBody, headers);
        if (statusCode >= 200 && statusCode < 300) return;
        lastFailure = `status ${statusCode}`;
      } catch (error) {
        lastFailure = error instanceof Error ? error.name : 'unknown error';
      }
    }
    // The event id only: the checkout id opens the checkout page, the reference names a borrower's repayment.
    this.options.log.warn(
      { eventId: notification.eventId, status: notification.status, attempts: NOTIFICATION_ATTEMPTS, lastFailure },
      'sandbox card notification not delivered',
    );
  }
}
