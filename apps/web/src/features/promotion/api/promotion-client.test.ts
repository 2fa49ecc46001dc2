import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromotionPath } from '@lend/contracts';
import { HttpError, NetworkError } from '../../../lib/http/errors';
import { stubFetch } from '../../../lib/http/stub-fetch';
import { callPromotion, promotionUrl } from './promotion-client';

const address = new URLSearchParams('language=1&id=3');
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('promotion client', () => {
  it('builds the address under the promotion base with the page language, leaving out empty values', () => {
    expect(promotionUrl(PromotionPath.trackVisit, { page_id: 3, utm_tag: '', user_from: 'fb' }, address)).toBe(
      '/api/v2/youmi/promotion/track-visit?page_id=3&user_from=fb&language=1',
    );
  });

  it('posts form bodies and resolves to the reply whatever its code or HTTP status', async () => {
    const calls = stubFetch(() => json({ code: '105', message: 'Wait 40 s' }, 429));
    const reply = await callPromotion(PromotionPath.sms, { body: { phone: '5512345678' }, address });
    expect(reply).toEqual({ code: '105', message: 'Wait 40 s' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('phone=5512345678');
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });

  it('uses GET without a body', async () => {
    const calls = stubFetch(() => json({ code: '0', message: 'Success', data: { sid: 's' } }));
    expect((await callPromotion(PromotionPath.getSid, { query: { templateId: 3 }, address })).data).toEqual({ sid: 's' });
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.url).toBe('/api/v2/youmi/promotion/get-sid?templateId=3&language=1');
  });

  it('rejects answers that are not promotion replies, and transport failures', async () => {
    stubFetch(() => json({ code: 0, message: 'borrower envelope', data: null }));
    await expect(callPromotion(PromotionPath.getSid, { address })).rejects.toBeInstanceOf(HttpError);
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await expect(callPromotion(PromotionPath.getSid, { address })).rejects.toBeInstanceOf(NetworkError);
  });
});
