import { describe, expect, it } from 'vitest';
import { readPageParams } from '../../lib/page-params';
import { extensionInstructionHref, serviceHref } from './delay-links';

const page = readPageParams(new URLSearchParams('userId=7&sessionId=s3cret&language=2&orderId=LN1&productId=2'));

describe('extension page links', () => {
  it('sends a channel to the instruction screen with requestType 2, the charge and its payCode', () => {
    const href = new URL(extensionInstructionHref({ orderNo: 'LN1', chargeMinor: 47_000, payCode: 'oxxo' }, page), 'https://x');
    expect(href.pathname).toBe('/carpmm');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      userId: '7',
      sessionId: 's3cret',
      merchantNumber: '10001',
      language: '2',
      productId: '2',
      orderId: 'LN1',
      amount: '47000',
      payCode: 'oxxo',
      requestType: '2',
    });
  });

  it('leaves productId out when the page has none', () => {
    const bare = readPageParams(new URLSearchParams('userId=7&sessionId=s3cret&orderId=LN1'));
    const href = new URL(extensionInstructionHref({ orderNo: 'LN1', chargeMinor: 100, payCode: 'spei' }, bare), 'https://x');
    expect(href.searchParams.has('productId')).toBe(false);
  });

  it('sends the service icon to customer service with the session params', () => {
    expect(serviceHref(page)).toBe('/Dag?userId=7&sessionId=s3cret&merchantNumber=10001&language=2');
  });
});
