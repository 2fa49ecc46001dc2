import { confirmedSetupSchema } from '@lend/contracts';

/**
 * The part of Stripe.js the add-card screen uses (docs/decisions/218): the Payment Element draws
 * the card fields in Stripe's own frame and confirms the borrower's SetupIntent itself, so the
 * card number is never in our page. The script is loaded from the address the card form names
 * (Stripe's, or the browser tests' stand-in), never bundled.
 */
export type StripeElement = { mount(target: HTMLElement): void; on(event: 'ready', handler: () => void): void; destroy(): void };
export type StripeElements = { create(type: 'payment', options?: Record<string, unknown>): StripeElement };
type StripeError = { type?: string; code?: string; message?: string };
export type StripeJs = {
  elements(options: { clientSecret: string; locale: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmSetup(options: { elements: StripeElements; redirect: 'if_required'; confirmParams?: { return_url: string } }): Promise<{ setupIntent?: unknown; error?: StripeError }>;
};
type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const loading = new Map<string, Promise<StripeFactory>>();

/** Adds Stripe.js's script once per address and resolves to its `Stripe` function. */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const known = loading.get(url);
  if (known) return known;
  const loaded = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not define Stripe')));
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.append(script);
  });
  loaded.catch(() => loading.delete(url));
  loading.set(url, loaded);
  return loaded;
}

/** The SetupIntent's id once the card fields confirmed it; null when Stripe refused the card or the fields. */
export async function confirmCardSetup(stripe: StripeJs, elements: StripeElements): Promise<string | null> {
  const answer = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
  if (answer.error || !answer.setupIntent) return null;
  const setup = confirmedSetupSchema.parse(answer.setupIntent);
  return setup.status === 'succeeded' ? setup.id : null;
}
