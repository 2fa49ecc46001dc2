import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxTestCard, STRIPE_CARD_PROVIDER } from '@lend/contracts';
import { NetworkError } from '../../../lib/http/errors';
import { stubFetch } from '../../../lib/http/stub-fetch';
import { tokenizeCard, tokenizeWithProvider } from './tokenize-card';

const card = { publishableKey: 'pk', number: SandboxTestCard.approve, expMonth: 12, expYear: 2040, holderName: 'Ana Diaz' };

afterEach(() => vi.unstubAllGlobals());

describe('card tokenisation', () => {
  it('sends the card to the provider alone: no session params, headers or cookies of ours', async () => {
    const calls = stubFetch(() => Response.json({ token: 'tok_1', last4: '4242', bankName: 'Banco Demo', bankCode: 'DEMO' }));
    const outcome = await tokenizeCard('/sandbox/card-provider/tokens', card);
    expect(outcome).toEqual({ ok: true, card: { token: 'tok_1', last4: '4242', bankName: 'Banco Demo', bankCode: 'DEMO' } });
    const [call] = calls;
    expect(call?.url).toBe('/sandbox/card-provider/tokens');
    expect(call?.init.credentials).toBe('omit');
    expect(JSON.parse(String(call?.init.body))).toEqual(card);
    expect([...new Headers(call?.init.headers).keys()].sort()).toEqual(['accept', 'content-type']);
  });

  it('reports the provider’s refusal by status only', async () => {
    stubFetch(() => Response.json({ error: 'invalid_card', message: 'Card number is invalid' }, { status: 422 }));
    await expect(tokenizeCard('/t', card)).resolves.toEqual({ ok: false, status: 422 });
  });

  it('rejects when the provider cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await expect(tokenizeCard('/t', card)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('card tokenisation on Stripe', () => {
  const form = { provider: STRIPE_CARD_PROVIDER, tokenizeUrl: 'https://api.stripe.com/v1/payment_methods', publishableKey: 'pk_test_abc' };
  const details = { number: card.number, expMonth: card.expMonth, expYear: card.expYear, holderName: card.holderName };

  it('creates a PaymentMethod with the publishable key as Stripe takes it, and binds its id', async () => {
    const calls = stubFetch(() => Response.json({ id: 'pm_123', object: 'payment_method', card: { last4: '4242', brand: 'visa' } }));
    const outcome = await tokenizeWithProvider(form, details);
    expect(outcome).toEqual({ ok: true, card: { token: 'pm_123', last4: '4242', bankName: 'visa', bankCode: 'VISA' } });
    const [call] = calls;
    expect(call?.url).toBe(form.tokenizeUrl);
    expect(call?.init.credentials).toBe('omit');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('authorization')).toBe('Bearer pk_test_abc');
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(call?.init.body)))).toEqual({
      type: 'card',
      'card[number]': card.number,
      'card[exp_month]': '12',
      'card[exp_year]': '2040',
      'billing_details[name]': 'Ana Diaz',
    });
  });

  it('reports Stripe’s refusal by status only', async () => {
    stubFetch(() => Response.json({ error: { type: 'card_error', code: 'incorrect_number' } }, { status: 402 }));
    await expect(tokenizeWithProvider(form, details)).resolves.toEqual({ ok: false, status: 402 });
  });

  it('sends a sandbox card form to the sandbox as before', async () => {
    const calls = stubFetch(() => Response.json({ token: 'tok_1', last4: '4242', bankName: 'Banco Demo', bankCode: 'DEMO' }));
    await tokenizeWithProvider({ provider: 'sandbox-card', tokenizeUrl: '/t', publishableKey: 'pk' }, details);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(card);
  });
});
