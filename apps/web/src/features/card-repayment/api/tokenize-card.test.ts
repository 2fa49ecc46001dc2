import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxTestCard } from '@lend/contracts';
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

describe('the card form’s provider', () => {
  it('sends a sandbox card form to its tokenisation address with its key', async () => {
    const calls = stubFetch(() => Response.json({ token: 'tok_1', last4: '4242', bankName: 'Banco Demo', bankCode: 'DEMO' }));
    const details = { number: card.number, expMonth: card.expMonth, expYear: card.expYear, holderName: card.holderName };
    await tokenizeWithProvider({ entry: 'form', provider: 'sandbox-card', tokenizeUrl: '/t', publishableKey: 'pk' }, details);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(card);
  });
});
