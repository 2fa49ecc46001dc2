import { formatAmount, MARKETS, MARKET_SETTINGS, type Market } from '@lend/domain';
import { escapeHtml } from '../../../html-escape';
import { SandboxCardPath } from './sandbox-card-paths';
import type { SandboxCheckoutRow } from './sandbox-card-repository';

export const CHECKOUT_LANGUAGES = ['es', 'en'] as const;
export type CheckoutLanguage = (typeof CHECKOUT_LANGUAGES)[number];

/** The provider's own words: it is not our app, so they live with it, not in the app's locales. */
const TEXTS = {
  en: {
    note: 'Test payment: no real money moves.',
    amount: 'Amount',
    reference: 'Merchant reference',
    pay: 'Pay',
    cancel: 'Cancel',
    paid: 'This payment is already made.',
    cancelled: 'This payment was cancelled.',
    back: 'Back to the merchant',
    notFound: 'This checkout does not exist.',
    tooMany: 'Too many requests; try again in a minute.',
    failed: 'The checkout failed; try again.',
  },
  es: {
    note: 'Pago de prueba: no se mueve dinero real.',
    amount: 'Importe',
    reference: 'Referencia del comercio',
    pay: 'Pagar',
    cancel: 'Cancelar',
    paid: 'Este pago ya se realizó.',
    cancelled: 'Este pago fue cancelado.',
    back: 'Volver al comercio',
    notFound: 'Este pago no existe.',
    tooMany: 'Demasiadas solicitudes; inténtalo de nuevo en un minuto.',
    failed: 'El pago falló; inténtalo de nuevo.',
  },
} as const satisfies Record<CheckoutLanguage, Record<string, string>>;

/** Served as a file of its own so the page needs nothing inline under the app's CSP. */
export const CHECKOUT_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2433}
main{max-width:420px;margin:0 auto;padding:24px 16px}
section{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.25rem;margin:0 0 4px}
.note{color:#545d6e;font-size:.875rem;margin:0 0 20px}
.amount{font-size:1.75rem;font-weight:700;margin:0;overflow-wrap:anywhere}
dl{margin:16px 0 24px}
dt{color:#545d6e;font-size:.875rem}
dd{margin:2px 0 0;overflow-wrap:anywhere}
form{margin:0 0 12px}
button,a.back{display:block;width:100%;min-height:48px;padding:12px;border-radius:8px;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.pay,a.back{background:#1a56db;color:#fff;border:0}
.cancel{background:#fff;color:#1d2433;border:1px solid #8a93a3}
.status{font-size:1.125rem;margin:16px 0 24px}
`;

function marketOf(currency: string): Market {
  const market = MARKETS.find((candidate) => MARKET_SETTINGS[candidate].currency === currency);
  if (!market) throw new Error(`no market uses the currency ${currency}`);
  return market;
}

function page(lang: CheckoutLanguage, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Sandbox checkout</title>
<link rel="stylesheet" href="${SandboxCardPath.checkoutStyle}">
</head>
<body>
<main>
<section>
<h1>Sandbox checkout</h1>
<p class="note">${escapeHtml(TEXTS[lang].note)}</p>
${body}
</section>
</main>
</body>
</html>
`;
}

/** The checkout of one payment: pay and cancel while open, where it stands and the way back after. */
export function checkoutPage(checkout: SandboxCheckoutRow, lang: CheckoutLanguage): string {
  const texts = TEXTS[lang];
  const amount = `${formatAmount(checkout.amountMinor, marketOf(checkout.currency))} ${checkout.currency}`;
  const details = `<p class="amount" aria-label="${escapeHtml(texts.amount)}">${escapeHtml(amount)}</p>
<dl>
<dt>${escapeHtml(texts.reference)}</dt>
<dd>${escapeHtml(checkout.merchantReference)}</dd>
</dl>`;
  if (checkout.status === 'open') {
    const action = (press: 'pay' | 'cancel') => escapeHtml(`${SandboxCardPath.checkout(checkout.id)}/${press}?lang=${lang}`);
    return page(
      lang,
      `${details}
<form method="post" action="${action('pay')}"><button class="pay" type="submit">${escapeHtml(texts.pay)}</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">${escapeHtml(texts.cancel)}</button></form>`,
    );
  }
  const status = checkout.status === 'paid' ? texts.paid : texts.cancelled;
  return page(
    lang,
    `${details}
<p class="status" role="status">${escapeHtml(status)}</p>
<a class="back" href="${escapeHtml(checkout.returnUrl)}">${escapeHtml(texts.back)}</a>`,
  );
}

/** A page saying only why there is no checkout to show. */
export function checkoutMessagePage(lang: CheckoutLanguage, message: 'notFound' | 'tooMany' | 'failed'): string {
  return page(lang, `<p class="status" role="status">${escapeHtml(TEXTS[lang][message])}</p>`);
}

export function checkoutLanguage(value: unknown): CheckoutLanguage {
  return value === 'en' ? 'en' : 'es';
}
