import { ConfigError, type Config } from './config';
import { SANDBOX_WEBHOOK_SECRET } from './providers/payments/webhook-signature';
import { SANDBOX_CARD_WEBHOOK_SECRET } from './providers/cards/redirect-notification';

/** Each provider setting by the variable that chooses it; `sandbox` reaches no real network, `disabled` none at all, any other (`twilio`, `stripe`) a real one. */
function providerSettings(config: Config): [variable: string, provider: string][] {
  return [
    ['SMS_PROVIDER', config.smsProvider],
    // Each market's cash and card provider by the variable that chose it, named once when both markets share it.
    ...byVariable(Object.values(config.cashPaymentProviders)),
    ...byVariable(Object.values(config.cardPaymentProviders)),
    // Each market's payout rail: a `disabled` one holds every approved order's payout (docs/decisions/152).
    ...byVariable(Object.values(config.payoutProviders)),
  ];
}

function byVariable(providers: { name: string; variable: string }[]): [variable: string, provider: string][] {
  return [...new Map(providers.map((p) => [`${p.variable}=${p.name}`, [p.variable, p.name] as [string, string]])).values()];
}

/** "A", "A and B", "A, B and C". */
function namesInProse(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/**
 * Production never runs on a sandbox (docs/decisions/062): the SMS sandbox keeps codes in a table
 * instead of sending them, the payments sandbox issues references nobody can pay, the card sandbox
 * approves cards nobody is charged for (docs/decisions/081), and the sandbox webhook secrets are
 * public, so anyone could sign a payment with them (docs/decisions/073). A payment provider may be
 * `disabled` instead: no payments at all until a real one is configured (docs/decisions/111). Called
 * where the process starts, so tests can still build a production app on the sandboxes. Every
 * problem goes in one line.
 */
export function assertRealProviders(config: Config): void {
  if (!config.isProduction) return;
  const problems: string[] = [];
  const sandboxed = providerSettings(config)
    .filter(([, provider]) => provider === 'sandbox')
    .map(([variable]) => variable);
  if (sandboxed.length > 0) {
    problems.push(
      `production must not run on a sandbox provider; set ${namesInProse(sandboxed)} to ${sandboxed.length === 1 ? 'a real provider' : 'real providers'}`,
    );
  }
  // A disabled provider has no webhook route, so it needs no secret (docs/decisions/111).
  // Only the sandbox's webhook is signed with this secret; Stripe's deliveries carry STRIPE_WEBHOOK_SECRET's signature.
  const sandboxWebhook = Object.values(config.cashPaymentProviders).some((p) => p.name === 'sandbox');
  if (sandboxWebhook && config.cashPaymentWebhookSecret === SANDBOX_WEBHOOK_SECRET) {
    problems.push('CASH_PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production (the sandbox secret is public)');
  }
  // Only the sandbox's checkout notifications are signed with it; Stripe and Razorpay sign with their own endpoint secrets.
  const sandboxCards = Object.values(config.cardPaymentProviders).some((p) => p.name === 'sandbox');
  if (sandboxCards && config.cardPaymentWebhookSecret === SANDBOX_CARD_WEBHOOK_SECRET) {
    problems.push('CARD_PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production (the sandbox secret is public)');
  }
  // Stripe's test keys move no money: production on them is a sandbox by another name (docs/decisions/117).
  const stripe = config.stripeCards;
  if (stripe && (/^(sk|rk)_test_/.test(stripe.secretKey) || stripe.publishableKey.startsWith('pk_test_'))) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be live keys when NODE_ENV=production');
  }
  // The card fields must be Stripe's own: a stand-in of Stripe.js is for the browser tests (docs/decisions/218).
  if (stripe && !stripe.jsUrl.startsWith('https://js.stripe.com/')) {
    problems.push("STRIPE_JS_URL must be Stripe's own https://js.stripe.com/ when NODE_ENV=production");
  }
  // The same for Mexico's cash on Stripe, when cards are not already saying so (docs/decisions/115).
  if (!stripe && config.stripe && /^(sk|rk)_test_/.test(config.stripe.secretKey)) {
    problems.push('STRIPE_SECRET_KEY must be a live key when NODE_ENV=production');
  }
  // Razorpay's test keys move no money either (docs/decisions/121).
  if (config.razorpay?.keyId.startsWith('rzp_test_')) problems.push('RAZORPAY_KEY_ID must be a live key (rzp_live_…) when NODE_ENV=production');
  // India's payouts on RazorpayX test keys pay nobody, and STP's demo service reaches no bank (docs/decisions/158).
  if (config.razorpayXPayouts?.keyId.startsWith('rzp_test_')) problems.push('RAZORPAYX_KEY_ID must be a live key (rzp_live_…) when NODE_ENV=production');
  if (config.stpPayouts && /(^|\.)demo\.stpmex\.com$/i.test(new URL(config.stpPayouts.baseUrl).hostname)) {
    problems.push('STP_API_BASE_URL must be STP\'s production address when NODE_ENV=production (demo.stpmex.com moves no money)');
  }
  if (problems.length > 0) throw new ConfigError(`Configuration error: ${problems.join('; ')}`);
}
