import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardRepaymentPath, repaymentRedirectDataSchema, repaymentWayDataSchema } from '@lend/contracts';
import { HttpError, NetworkError } from '../../../lib/http/errors';
import { stubFetch } from '../../../lib/http/stub-fetch';
import { callCard, cardUrl } from './card-client';

const address = new URLSearchParams('userId=7&sessionId=s1&language=1&orderId=ignored&dearest=d&withholdingAmount=500');
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

const listing = {
  alipay: 1,
  addCard: 1,
  repayToken: 'tok',
  bankCards: [{ id: 3, bankName: 'Banco Demo', cardNo: '•••• 4242', bankCode: 'DEMO', last4: '4242' }],
  orderId: 'L1',
  productName: 'Cash',
  market: 'MX',
  amount: 120000,
  maxAmount: 150000,
  unavailable: null,
  earlyRepaymentFrom: null,
};

describe('card client', () => {
  it('addresses the card base with the session params only, plus the call’s own query', () => {
    expect(cardUrl(CardRepaymentPath.way, address, { orderId: 'L1' })).toBe(
      '/api/v1/youmi/youmi-api/service/loan/repayment-way?userId=7&sessionId=s1&merchantNumber=10001&language=1&orderId=L1',
    );
  });

  it('POSTs an empty body when the call has none, and validates the data of a 00 answer', async () => {
    const calls = stubFetch(() => json({ code: '00', message: 'Success', data: listing }));
    const reply = await callCard(CardRepaymentPath.way, { schema: repaymentWayDataSchema, query: { orderId: 'L1' }, address });
    expect(reply).toEqual({ ok: true, data: listing, url: undefined });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(new Headers(calls[0]?.init.headers).get('dearest')).toBe('d');
  });

  it('sends JSON bodies and resolves to the refusal whatever the HTTP status', async () => {
    const calls = stubFetch(() => json({ code: '800006', message: 'The verification code is wrong.', data: null }, 422));
    const reply = await callCard(CardRepaymentPath.confirm, { schema: repaymentWayDataSchema, body: { verifyCode: '123456' }, address });
    expect(reply).toEqual({ ok: false, code: '800006', message: 'The verification code is wrong.', data: null });
    expect(calls[0]?.init.body).toBe('{"verifyCode":"123456"}');
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('reads the redirect address beside the code', async () => {
    stubFetch(() => json({ code: '00', message: 'Success', url: 'https://pay.example/checkout/1', data: { repayRecordId: 'r1' } }));
    const reply = await callCard(CardRepaymentPath.redirect, { schema: repaymentRedirectDataSchema, body: { userId: 7, orderId: 'L1', amount: 500 }, address });
    expect(reply).toEqual({ ok: true, data: { repayRecordId: 'r1' }, url: 'https://pay.example/checkout/1' });
  });

  it('rejects the borrower envelope, other answers and transport failures', async () => {
    stubFetch(() => json({ code: 0, message: 'ok', data: null }));
    await expect(callCard(CardRepaymentPath.way, { schema: repaymentWayDataSchema, address })).rejects.toBeInstanceOf(HttpError);
    stubFetch(() => new Response('<html>', { status: 502 }));
    await expect(callCard(CardRepaymentPath.way, { schema: repaymentWayDataSchema, address })).rejects.toBeInstanceOf(HttpError);
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await expect(callCard(CardRepaymentPath.way, { schema: repaymentWayDataSchema, address })).rejects.toBeInstanceOf(NetworkError);
  });
});
